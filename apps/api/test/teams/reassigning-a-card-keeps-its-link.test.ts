import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/db/schema/index.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { joinedMember, teamCall, teamWithOwner, visitorWrites } from '../helpers/teams.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('offboarding and reassigning a team card', () => {
  it('keeps a retired member’s card link and QR for the next member, whose new messages it brings; the old member keeps their own area', async () => {
    const { owner, team } = await teamWithOwner(t);
    const call = teamCall(t);
    const { member: ana, cardId } = await joinedMember(t, owner, { jobTitle: 'Sales' });
    const path = `/link/${team.alias}/${cardId}`;
    await visitorWrites(t, path, 'Before Ana left');
    const post = await call('POST', '/api/walls/posts', ana, { profileId: cardId, title: 'Our offer', bodyHtml: '<p>On the card</p>' });
    expect(post.statusCode).toBe(201);
    const postId = post.json().data.id;
    const anaPersonal = (await call('GET', '/api/profiles?kind=card', ana)).json().data.filter((p: { team: unknown }) => !p.team);

    const removed = await call('DELETE', `/api/team/members/${ana.id}`, owner, { card: 'retire' });
    expect(removed.statusCode).toBe(200);
    // Retired: offline, and no longer Ana's.
    expect((await call('GET', path, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/profiles/${cardId}`, ana)).statusCode).toBe(404);
    expect((await call('GET', `/api/mailbox/${cardId}/messages`, ana)).statusCode).toBe(404);
    // Her personal area is untouched: her own cards, her account, no team.
    expect((await call('GET', '/api/profiles?kind=card', ana)).json().data).toEqual(anaPersonal);
    expect((await call('GET', '/api/team', ana)).json().data).toBeNull();
    const cards = (await call('GET', '/api/team/cards', owner)).json().data;
    expect(cards.find((c: { id: string }) => c.id === cardId)).toMatchObject({ status: 'retired', member: null, publicPath: path });

    const { member: bruno, cardId: brunosOwnCard } = await joinedMember(t, owner, { jobTitle: 'Sales' });
    const assigned = await call('POST', `/api/team/cards/${cardId}/assign`, owner, { userId: bruno.id });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data).toMatchObject({ id: cardId, status: 'assigned', member: { userId: bruno.id }, publicPath: path });
    // Same address (the QR code encodes it), published again, now Bruno's.
    const page = await call('GET', path, null);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(bruno.name);
    expect(page.body).not.toContain(ana.name);
    // A member has one team card: the one Bruno had goes back to the team.
    expect((await call('GET', '/api/team', bruno)).json().data.cardId).toBe(cardId);
    const after = (await call('GET', '/api/team/cards', owner)).json().data;
    expect(after.find((c: { id: string }) => c.id === brunosOwnCard)).toMatchObject({ status: 'unassigned', member: null });

    await visitorWrites(t, path, 'After Bruno came');
    const brunosMailbox = (await call('GET', `/api/mailbox/${cardId}/messages`, bruno)).json().data;
    expect(brunosMailbox.map((m: { body: string }) => m.body).sort()).toEqual(['After Bruno came', 'Before Ana left']);
    const rows = await t.db.select().from(messages).where(eq(messages.profileId, cardId));
    expect(rows.every((m) => m.userId === bruno.id)).toBe(true);
    // The card's wall comes with it: Bruno writes it now, Ana no longer can.
    expect((await call('GET', `/api/walls/posts/${postId}`, bruno)).json().data.title).toBe('Our offer');
    expect((await call('GET', `/api/walls/posts/${postId}`, ana)).statusCode).toBe(404);
  });

  it('keeps a removed member’s card published with the team (`keep`): its messages go to the owner', async () => {
    const { owner, team } = await teamWithOwner(t);
    const call = teamCall(t);
    const { member, cardId } = await joinedMember(t, owner);
    await call('DELETE', `/api/team/members/${member.id}`, owner, { card: 'keep' });
    const path = `/link/${team.alias}/${cardId}`;
    expect((await call('GET', path, null)).statusCode).toBe(200);
    await visitorWrites(t, path, 'Anyone there?');
    const inbox = (await call('GET', `/api/mailbox/${cardId}/messages`, owner)).json().data;
    expect(inbox.map((m: { body: string }) => m.body)).toEqual(['Anyone there?']);
    expect((await call('DELETE', `/api/team/members/${member.id}`, owner, { card: 'keep' })).json().code).toBe('team.member_inactive');
  });
});
