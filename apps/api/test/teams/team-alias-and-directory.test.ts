import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { joinedMember, signedUser, teamCall, teamWithOwner } from '../helpers/teams.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a team’s alias and its public directory', () => {
  it('shares the namespace of users’ aliases both ways', async () => {
    const call = teamCall(t);
    const user = await signedUser(t);
    const { owner, team } = await teamWithOwner(t);
    const taken = await call('POST', '/api/team', user, { name: 'Copycat', alias: owner.alias });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'account.alias_taken' });
    expect((await call('GET', `/api/register/alias?alias=${team.alias}`, null)).json().data).toMatchObject({ available: false });
    const change = await call('PUT', '/api/options/alias', user, { alias: team.alias });
    expect(change.statusCode).toBe(409);
    expect(change.json().code).toBe('account.alias_taken');
  });

  it('keeps the old alias of a team redirecting to its cards after a change', async () => {
    const { owner, team, ownerCardId } = await teamWithOwner(t);
    const call = teamCall(t);
    const renamed = `${team.alias.slice(0, 24)}-new`;
    const res = await call('PUT', '/api/team', owner, { name: 'Acme Renamed', alias: renamed });
    expect(res.json().data).toMatchObject({ alias: renamed, name: 'Acme Renamed' });
    const old = await call('GET', `/link/${team.alias}/${ownerCardId}`, null);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/link/${renamed}/${ownerCardId}`);
    // The holder's own alias reaches the card too, and redirects to the team's address.
    expect((await call('GET', `/link/${owner.alias}/${ownerCardId}`, null)).headers.location).toBe(`/link/${renamed}/${ownerCardId}`);
    // Nobody else may take the old one.
    const other = await signedUser(t);
    expect((await call('POST', '/api/team', other, { name: 'Other', alias: team.alias })).statusCode).toBe(409);
  });

  it('shows the directory only once turned on, listing the assigned public cards', async () => {
    const { owner, team } = await teamWithOwner(t, 'Acme Directory');
    const call = teamCall(t);
    const { member } = await joinedMember(t, owner, { jobTitle: 'Field sales' });
    expect((await call('GET', `/link/${team.alias}`, null)).statusCode).toBe(404);
    const on = await call('PUT', '/api/team/directory', owner, { enabled: true });
    expect(on.json().data.directoryEnabled).toBe(true);
    const page = await call('GET', `/link/${team.alias}`, null, undefined, 'es');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-language']).toBe('es');
    expect(page.body).toContain('Acme Directory');
    expect(page.body).toContain(member.name);
    expect(page.body).toContain('Field sales');
  });
});
