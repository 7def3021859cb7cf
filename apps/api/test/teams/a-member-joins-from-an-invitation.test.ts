import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { joinedMember, teamCall, teamWithOwner } from '../helpers/teams.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a member joins a team from an invitation', () => {
  it('gets a card made from the template, filled from the invitation, at the team’s address', async () => {
    const { owner, team } = await teamWithOwner(t);
    const call = teamCall(t);
    const { member, cardId } = await joinedMember(t, owner, { jobTitle: 'Sales lead', phone: '+34612345678' });
    const mine = (await call('GET', '/api/team', member)).json().data;
    expect(mine).toMatchObject({ role: 'member', cardId, team: { id: team.id, activeMembers: 2 } });
    const card = (await call('GET', `/api/profiles/${cardId}`, member)).json().data;
    expect(card).toMatchObject({
      publicPath: `/link/${team.alias}/${cardId}`,
      team: { id: team.id, name: 'Acme Sales' },
      card: { company: 'Acme Sales', jobTitle: 'Sales lead', phones: [{ number: '+34612345678' }], emails: [{ email: member.email }] },
    });
    const page = await call('GET', `/link/${team.alias}/${cardId}`, null);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sales lead');
  });
});
