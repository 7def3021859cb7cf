import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestApp, login, type TestContext } from '../helpers/test-app.js';
import { joinedMember, teamCall, teamWithOwner, visitorWrites } from '../helpers/teams.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a team’s figures, leads and place in the admin’s list', () => {
  it('counts visitors, saves and messages per card and in total, and exports every card’s messages as CSV', async () => {
    const { owner, team } = await teamWithOwner(t);
    const call = teamCall(t);
    const { member, cardId } = await joinedMember(t, owner, { jobTitle: 'Sales' });
    const path = `/link/${team.alias}/${cardId}`;
    await call('GET', path, null);
    await call('GET', `/api/public${path}/vcard`, null);
    await visitorWrites(t, path, '=HYPERLINK("x") I want a quote');

    const figuresRes = await call('GET', '/api/team/figures?days=7', owner);
    expect(figuresRes.statusCode, figuresRes.body).toBe(200);
    const figures = figuresRes.json().data;
    expect(figures.days).toHaveLength(7);
    expect(figures.savesCounted).toBe(true);
    expect(figures.totals).toEqual({ visitors: 1, saves: 1, messages: 1 });
    expect(figures.members.find((m: { cardId: string }) => m.cardId === cardId)).toMatchObject({
      userId: member.id,
      name: member.name,
      visitors: 1,
      saves: 1,
      messages: 1,
    });

    const csv = await call('GET', '/api/team/leads.csv', owner);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFF"date","name","email","phone","message","card","member"')).toBe(true);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"") I want a quote","${member.name}","${member.name}"`);
  });

  it('shows each user’s team and role to the platform admin, with a filter', async () => {
    const { owner, team } = await teamWithOwner(t, 'Listed Team');
    const { member } = await joinedMember(t, owner);
    const admin = bearer(await login(t.app, ADMIN));
    const list = await t.app.inject({ url: `/api/admin/users?team=member&search=${encodeURIComponent(member.email)}`, headers: admin });
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: member.id, team: { id: team.id, name: 'Listed Team', alias: team.alias, role: 'member' } }),
    ]);
    const owners = await t.app.inject({ url: `/api/admin/users?team=owner&search=${encodeURIComponent(member.email)}`, headers: admin });
    expect(owners.json().data).toEqual([]);
    const none = await t.app.inject({ url: `/api/admin/users?team=none&search=${encodeURIComponent(owner.email)}`, headers: admin });
    expect(none.json().data).toEqual([]);
  });
});
