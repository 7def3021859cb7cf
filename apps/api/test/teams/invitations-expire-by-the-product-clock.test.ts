import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { invitationToken, signedUser, teamCall, teamWithOwner } from '../helpers/teams.js';

const DAY_S = 86_400;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK_ENABLED: 'true' });
});
afterAll(() => t.close());

describe('a team invitation’s 7 days', () => {
  it('are counted by the product’s clock: moved 8 days on, the invitation is expired for the invitee and in the team’s list', async () => {
    const { owner } = await teamWithOwner(t);
    const call = teamCall(t);
    const invitee = await signedUser(t);
    const invited = await call('POST', '/api/team/invitations', owner, { email: invitee.email, name: 'Late Comer' });
    expect(invited.statusCode).toBe(201);
    const { id } = invited.json().data as { id: string };
    const token = await invitationToken(t, invitee.email);
    const statusIn = async (status: string) =>
      ((await call('GET', `/api/team/invitations?status=${status}`, owner)).json().data as { id: string }[]).map((i) => i.id);

    // Six days on: still good.
    await t.app.platform.clock.advance(6 * DAY_S);
    expect((await call('GET', `/api/team-invitations/${token}`, null)).json().data.expired).toBe(false);
    expect(await statusIn('pending')).toEqual([id]);

    // Eight days on (the real time has hardly moved).
    await t.app.platform.clock.advance(2 * DAY_S);
    expect((await call('GET', `/api/team-invitations/${token}`, null)).json().data.expired).toBe(true);
    expect(await statusIn('expired')).toEqual([id]);
    expect(await statusIn('pending')).toEqual([]);
    const all = (await call('GET', '/api/team/invitations', owner)).json().data as { id: string; status: string }[];
    expect(all.find((i) => i.id === id)?.status).toBe('expired');
    const accept = await call('POST', `/api/team-invitations/${token}/accept`, invitee);
    expect(accept.statusCode).toBe(410);
    expect(accept.json().code).toBe('team.invitation_expired');
  });
});
