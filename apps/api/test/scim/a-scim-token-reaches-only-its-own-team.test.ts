import { and, eq } from 'drizzle-orm';
import SCIMMY from 'scimmy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, scimTokens } from '../../src/db/schema/index.js';
import { bearer, createTestApp, login, waitFor, type TestContext } from '../helpers/test-app.js';
import { joinedMember, signedUser, teamCall, teamWithOwner } from '../helpers/teams.js';
import * as rfc from '../fixtures/scim/rfc7644-examples.js';
import { expectScimError, historyOnce, newAddress, scimClient, scimToken } from './helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://cards.enlaza.example' });
});
afterAll(() => t.close());

const BASE = 'https://cards.enlaza.example/scim/v2';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';

describe('the team’s SCIM tokens', () => {
  it('are made by the owner alone, with a fresh proof, emailed about, shown once, kept hashed, in the history; revoked at once', async () => {
    const { owner } = await teamWithOwner(t);
    const call = teamCall(t);
    const { member: admin } = await joinedMember(t, owner, { role: 'admin' });
    expect((await call('POST', '/api/team/scim/tokens', admin, { name: 'Okta' })).json().code).toBe('team.role_required');
    const stale = { ...owner, token: await login(t.app, owner, { fresh: false }) };
    expect((await call('POST', '/api/team/scim/tokens', stale, { name: 'Okta' })).json().code).toBe('auth.reauth_required');
    const bad = await call('POST', '/api/team/scim/tokens', owner, { name: '' }, 'es');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/\S/);

    const made = await call('POST', '/api/team/scim/tokens', owner, { name: 'Okta' });
    expect(made.statusCode).toBe(201);
    const { token, id } = made.json().data as { token: string; id: string };
    expect(token).toMatch(/^enlaza_scim_/);
    const [row] = await t.db.select().from(scimTokens).where(eq(scimTokens.id, id));
    expect(row!.tokenHash).not.toContain(token.slice(12));
    const overview = (await call('GET', '/api/team/scim', admin)).json().data;
    expect(overview).toMatchObject({ baseUrl: BASE, cardOnDeactivation: 'keep', tokens: [{ id, name: 'Okta', revokedAt: null }] });
    expect(JSON.stringify(overview)).not.toContain(token);
    await t.app.platform.background.drain();
    const mails = await t.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.toEmail, owner.email), eq(deliveries.kind, 'system')));
    expect(mails.map((m) => m.bodyText).join()).toContain('SCIM');
    const history = await historyOnce(t, owner, 'team.scim_token_created');
    expect(history[0]).toMatchObject({ actorId: owner.id, targetId: id, after: { name: 'Okta' } });

    // In use: its calls are listed; revoked (by the owner, not an admin): the next call is 401.
    const scim = scimClient(t);
    expect((await scim(token, 'GET', '/Users')).status).toBe(200);
    // The call is logged once its answer has gone (an onResponse hook), so it may come a moment after.
    const logged = await waitFor(
      async () => ((await call('GET', '/api/team/scim', owner)).json().data as { calls: unknown[] }).calls[0],
      'the call in the list',
    );
    expect(logged).toMatchObject({
      method: 'GET',
      path: '/scim/v2/Users',
      status: 200,
      tokenName: 'Okta',
    });
    expect((await call('DELETE', `/api/team/scim/tokens/${id}`, admin)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/team/scim/tokens/${id}`, owner)).statusCode).toBe(200);
    expectScimError(await scim(token, 'GET', '/Users'), 401);
    expect((await historyOnce(t, owner, 'team.scim_token_revoked'))[0]).toMatchObject({
      before: { name: 'Okta' },
    });

    // Another team's owner: that token is no record of theirs (404), nor are our settings.
    const other = await teamWithOwner(t, 'Other');
    expect((await call('DELETE', `/api/team/scim/tokens/${id}`, other.owner)).json().code).toBe('record.not_found');
    expect((await call('PUT', '/api/team/scim/settings', admin, { cardOnDeactivation: 'retire' })).statusCode).toBe(403);
    expect((await call('PUT', '/api/team/scim/settings', owner, { cardOnDeactivation: 'burn' })).statusCode).toBe(422);
    const loner = await signedUser(t);
    expect((await call('GET', '/api/team/scim', loner)).json().code).toBe('team.none');
  });

  it('opens /scim/v2 of its own team only, and nothing else of the app; no other credential opens /scim/v2', async () => {
    const ours = await teamWithOwner(t);
    const theirs = await teamWithOwner(t, 'Theirs');
    const token = await scimToken(t, ours.owner);
    const theirToken = await scimToken(t, theirs.owner);
    const scim = scimClient(t);
    const call = teamCall(t);
    const { member: theirMember } = await joinedMember(t, theirs.owner);

    // Their member and their group are 404 to our token; our list has only our people.
    expectScimError(await scim(token, 'GET', `/Users/${theirMember.id}`), 404);
    expectScimError(await scim(token, 'PATCH', `/Users/${theirMember.id}`, rfc.OKTA_DEACTIVATE), 404);
    expectScimError(await scim(token, 'DELETE', `/Users/${theirMember.id}`), 404);
    expect((await call('GET', '/api/team', theirMember)).json().data).not.toBeNull();
    const theirGroup = await scim(theirToken, 'POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Sales',
      members: [{ value: theirMember.id }],
    });
    expect(theirGroup.status).toBe(201);
    expectScimError(await scim(token, 'GET', `/Groups/${theirGroup.body!.id}`), 404);
    expect((await scim(token, 'GET', '/Users')).body!.Resources.map((r: { id: string }) => r.id)).toEqual([ours.owner.id]);
    // Putting their member in our group is refused like any unknown id.
    expectScimError(
      await scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'X', members: [{ value: theirMember.id }] }),
      400,
      'invalidValue',
    );

    // The SCIM token is no session and no personal token; a session or no token is no SCIM token.
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/team', headers: bearer(token) })).statusCode).toBe(401);
    expectScimError(await scim(ours.owner.token, 'GET', '/Users'), 401);
    expectScimError(await scim(null, 'GET', '/Users'), 401);
    expectScimError(await scim('enlaza_scim_made-up', 'GET', '/ServiceProviderConfig'), 401);

    // Outside /api: no CSRF token asked of a bearer call even from a browser-looking request; unknown paths and bodies answer SCIM errors, never a page.
    const fromBrowser = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { ...bearer(token), origin: 'https://evil.example', 'content-type': 'application/scim+json' },
      payload: JSON.stringify({ schemas: [USER], userName: newAddress() }),
    });
    expect(fromBrowser.statusCode).toBe(201);
    expectScimError(await scim(token, 'GET', '/Nothing'), 404);
    const html = await t.app.inject({ method: 'GET', url: '/scim/v2/Users/x/y', headers: bearer(token) });
    expect(html.headers['content-type']).toMatch(/^application\/scim\+json/);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { ...bearer(token), 'content-type': 'application/scim+json' },
      payload: '{"schemas":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
    const xml = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { ...bearer(token), 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.headers['content-type']).toMatch(/^application\/scim\+json/);
  });
});

describe('SCIM Groups: stored with their members, the RFC’s PATCH examples, in the history', () => {
  it('creates, patches (RFC 7644 §3.5.2 and Entra ID), filters, renames and deletes a group of the team’s Users', async () => {
    const { owner } = await teamWithOwner(t);
    const token = await scimToken(t, owner);
    const scim = scimClient(t);
    const babs = (await scim(token, 'POST', '/Users', { schemas: [USER], userName: newAddress('babs'), displayName: 'Babs Jensen' })).body!
      .id as string;
    const james = (await scim(token, 'POST', '/Users', { schemas: [USER], userName: newAddress('james'), displayName: 'James Smith' }))
      .body!.id as string;
    const ids = { babs, james, base: BASE };

    const created = await scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Tour Guides', externalId: 'g-1' });
    expect(created.status).toBe(201);
    expect(() => new SCIMMY.Schemas.Group(created.body!, 'out')).not.toThrow();
    const id = created.body!.id as string;
    expect(created.body).toMatchObject({
      displayName: 'Tour Guides',
      members: [],
      meta: { resourceType: 'Group', location: `${BASE}/Groups/${id}` },
    });
    expectScimError(await scim(token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'tour guides' }), 409, 'uniqueness');

    const members = async () =>
      ((await scim(token, 'GET', `/Groups/${id}`)).body!.members as { value: string }[]).map((m) => m.value).sort();
    expect((await scim(token, 'PATCH', `/Groups/${id}`, rfc.PATCH_ADD_MEMBER(ids))).status).toBe(200);
    expect(await members()).toEqual([babs]);
    expect((await scim(token, 'PATCH', `/Groups/${id}`, rfc.PATCH_REMOVE_AND_ADD(ids))).status).toBe(200);
    expect(await members()).toEqual([babs, james].sort());
    expect((await scim(token, 'PATCH', `/Groups/${id}`, rfc.PATCH_REMOVE_ONE_MEMBER(ids))).status).toBe(200);
    expect(await members()).toEqual([james]);
    expect((await scim(token, 'PATCH', `/Groups/${id}`, rfc.PATCH_REPLACE_MEMBERS(ids))).status).toBe(200);
    expect((await scim(token, 'PATCH', `/Groups/${id}`, rfc.ENTRA_REMOVE_MEMBER(james))).status).toBe(200);
    expect(await members()).toEqual([babs]);
    // The member's User names the group.
    expect((await scim(token, 'GET', `/Users/${babs}`)).body!.groups).toEqual([
      { value: id, display: 'Tour Guides', $ref: `${BASE}/Groups/${id}` },
    ]);
    expect((await scim(token, 'PATCH', `/Groups/${id}`, rfc.PATCH_REMOVE_ALL_MEMBERS)).status).toBe(200);
    expect(await members()).toEqual([]);

    // Okta looks a group up by name, and renames it with a PUT.
    const found = await scim(
      token,
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "Tour Guides"')}&excludedAttributes=members`,
    );
    expect(found.body).toMatchObject({ totalResults: 1, Resources: [{ id, displayName: 'Tour Guides' }] });
    expect(found.body!.Resources[0]).not.toHaveProperty('members');
    const renamed = await scim(token, 'PUT', `/Groups/${id}`, { schemas: [GROUP], displayName: 'Guides', members: [{ value: james }] });
    expect(renamed.body).toMatchObject({ displayName: 'Guides', members: [{ value: james }] });
    expectScimError(await scim(token, 'PUT', `/Groups/${id}`, { schemas: [GROUP], displayName: '' }), 400, 'invalidValue');

    // A deactivated member leaves the team's groups.
    await scim(token, 'PATCH', `/Users/${james}`, rfc.OKTA_DEACTIVATE);
    expect(await members()).toEqual([]);

    expect((await scim(token, 'DELETE', `/Groups/${id}`)).status).toBe(204);
    expectScimError(await scim(token, 'GET', `/Groups/${id}`), 404);
    const expected = ['team.group_created', 'team.group_changed', 'team.group_deleted', 'team.member_joined'];
    const history = await historyOnce(t, owner, null, (entries) => expected.every((a) => entries.some((e) => e.action === a)));
    expect(history.map((e) => e.action)).toEqual(expect.arrayContaining(expected));
  });
});
