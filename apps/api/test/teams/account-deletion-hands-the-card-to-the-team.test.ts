import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, profiles } from '../../src/db/schema/index.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { joinedMember, teamCall, teamWithOwner, visitorWrites } from '../helpers/teams.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('deleting an account in a team', () => {
  it('hands the member’s card, its link and its messages to the team before erasing them', async () => {
    const { owner, team } = await teamWithOwner(t);
    const call = teamCall(t);
    const { member, cardId } = await joinedMember(t, owner);
    const path = `/link/${team.alias}/${cardId}`;
    await visitorWrites(t, path, 'Keep this lead');
    const deleted = await call('POST', '/api/options/delete-account', member, { password: member.password });
    expect(deleted.statusCode).toBe(200);

    const [card] = await t.db.select().from(profiles).where(eq(profiles.id, cardId));
    expect(card).toMatchObject({ userId: owner.id, teamId: team.id });
    expect((await call('GET', path, null)).statusCode).toBe(200);
    expect((await t.db.select().from(messages).where(eq(messages.profileId, cardId))).map((m) => [m.userId, m.body])).toEqual([
      [owner.id, 'Keep this lead'],
    ]);
    const cards = (await call('GET', '/api/team/cards', owner)).json().data;
    expect(cards.find((c: { id: string }) => c.id === cardId)).toMatchObject({ status: 'unassigned', member: null });
    expect((await call('GET', '/api/team', owner)).json().data.team.activeMembers).toBe(1);
  });

  it('refuses an owner whose team has other members (409, nothing erased); alone in it, the team goes with the account', async () => {
    const { owner, team } = await teamWithOwner(t);
    const call = teamCall(t);
    const { member } = await joinedMember(t, owner);
    const refused = await call('POST', '/api/options/delete-account', owner, { password: owner.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('team.owner_has_members');
    expect((await call('GET', '/api/team', owner)).json().data.team.id).toBe(team.id);

    await call('DELETE', `/api/team/members/${member.id}`, owner, { card: 'retire' });
    expect((await call('POST', '/api/options/delete-account', owner, { password: owner.password })).statusCode).toBe(200);
    expect((await call('GET', `/link/${team.alias}`, null)).statusCode).toBe(404);
    expect((await call('GET', '/api/team', member)).json().data).toBeNull();
  });
});
