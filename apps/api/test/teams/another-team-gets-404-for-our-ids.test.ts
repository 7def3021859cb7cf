import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { joinedMember, teamCall, teamWithOwner } from '../helpers/teams.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('another team’s admin', () => {
  it('gets 404 for every member, invitation and card id of ours, in paths and in bodies', async () => {
    const ours = await teamWithOwner(t, 'Ours');
    const theirs = await teamWithOwner(t, 'Theirs');
    const call = teamCall(t);
    const { member, cardId } = await joinedMember(t, ours.owner);
    const invited = await call('POST', '/api/team/invitations', ours.owner, { email: 'someone@test.example', name: 'Some One' });
    const invitationId = invited.json().data.id;
    const { member: theirMember } = await joinedMember(t, theirs.owner);
    const them = theirs.owner;

    const attempts = [
      await call('PUT', `/api/team/members/${member.id}`, them, { role: 'admin' }),
      await call('DELETE', `/api/team/members/${member.id}`, them, { card: 'keep' }),
      await call('DELETE', `/api/team/members/${ours.owner.id}`, them, { card: 'retire' }),
      await call('POST', `/api/team/invitations/${invitationId}/resend`, them),
      await call('DELETE', `/api/team/invitations/${invitationId}`, them),
      await call('POST', `/api/team/cards/${cardId}/assign`, them, { userId: theirMember.id }),
      await call('POST', `/api/team/cards/${ours.ownerCardId}/assign`, them, { userId: theirMember.id }),
      // Our member's id in the body of a request about their own card.
      await call('POST', `/api/team/cards/${theirs.ownerCardId}/assign`, them, { userId: member.id }),
      // And as a card holder's request: our team card is not theirs to read or edit.
      await call('GET', `/api/profiles/${cardId}`, them),
      await call('GET', `/api/mailbox/${cardId}/messages`, them),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('record.not_found');
    }
    // Nothing changed on our side.
    const members = (await call('GET', '/api/team/members', ours.owner)).json().data;
    expect(members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [ours.owner.id, 'owner'],
      [member.id, 'member'],
    ]);
    expect((await call('GET', '/api/team/invitations?status=pending', ours.owner)).json().data.map((i: { id: string }) => i.id)).toEqual([
      invitationId,
    ]);
  });

  it('and a member of ours gets 403 on what only the team’s owner and admins do, and 404 for the other team’s ids', async () => {
    const ours = await teamWithOwner(t, 'Ours');
    const theirs = await teamWithOwner(t, 'Theirs');
    const call = teamCall(t);
    const { member } = await joinedMember(t, ours.owner);
    for (const [method, url, body] of [
      ['GET', '/api/team/members'],
      ['GET', '/api/team/invitations'],
      ['POST', '/api/team/invitations', { email: 'x@test.example', name: 'X' }],
      ['PUT', '/api/team/template', { values: {}, locks: {} }],
      ['PUT', '/api/team/directory', { enabled: true }],
      ['GET', '/api/team/figures'],
      ['GET', '/api/team/leads.csv'],
      ['DELETE', '/api/team'],
    ] as const) {
      const res = await call(method, url, member, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('team.role_required');
    }
    expect((await call('GET', '/api/team/template', member)).statusCode).toBe(200);
    const res = await call('PUT', `/api/team/members/${theirs.owner.id}`, ours.owner, { jobTitle: 'x' });
    expect(res.statusCode).toBe(404);
  });
});
