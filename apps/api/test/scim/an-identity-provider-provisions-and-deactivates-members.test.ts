import SCIMMY from 'scimmy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { joinedMember, signedUser, teamCall, teamWithOwner } from '../helpers/teams.js';
import * as rfc from '../fixtures/scim/rfc7644-examples.js';
import { expectScimError, historyOnce, newAddress, scimClient, scimToken } from './helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://cards.enlaza.example' });
});
afterAll(() => t.close());

const BASE = 'https://cards.enlaza.example/scim/v2';
/** scimmy (an independent SCIM implementation) reads our answers against its User schema: a wrong type or a missing required attribute throws. */
const asScimmyUser = (body: Record<string, unknown>) => new SCIMMY.Schemas.User(body, 'out');

describe('SCIM Users: an identity provider provisions, changes and deactivates a team’s members', () => {
  it('creates a member from the RFC’s body (the card from the template, at the team’s link), finds them by filter, and refuses a duplicate', async () => {
    const { owner, team } = await teamWithOwner(t);
    const token = await scimToken(t, owner);
    const scim = scimClient(t);
    const call = teamCall(t);

    const config = await scim(token, 'GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(String(config.headers['content-type'])).toMatch(/^application\/scim\+json/);
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true }, bulk: { supported: false } });
    expect((await scim(token, 'GET', '/ResourceTypes')).body!.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    expect((await scim(token, 'GET', '/Schemas/urn:ietf:params:scim:schemas:core:2.0:User')).status).toBe(200);

    // The RFC's body as it is: "bjensen" is no email address, which is what userName must be here.
    expectScimError(await scim(token, 'POST', '/Users', rfc.CREATE_USER), 400, 'invalidValue');

    const email = newAddress('barbara');
    const body = {
      ...rfc.CREATE_USER,
      schemas: [...rfc.CREATE_USER.schemas, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
      userName: email,
      title: 'Tour Guide',
      phoneNumbers: [{ value: '+34 600 111 222', type: 'work' }],
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Tours' },
    };
    const created = await scim(token, 'POST', '/Users', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body!.id as string;
    expect(created.headers.location).toBe(`${BASE}/Users/${id}`);
    expect(created.headers.etag).toBe(created.body!.meta.version);
    expect(() => asScimmyUser(created.body!)).not.toThrow();
    expect(created.body).toMatchObject({
      userName: email,
      externalId: 'bjensen',
      active: true,
      title: 'Tour Guide',
      name: { givenName: 'Barbara', familyName: 'Jensen' },
      emails: [{ value: email, type: 'work', primary: true }],
      phoneNumbers: [{ value: '+34 600 111 222', type: 'work' }],
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Tours' },
      meta: { resourceType: 'User', location: `${BASE}/Users/${id}` },
    });

    // A member as an accepted invitation makes one: in the team, with a card from the template at the team's link.
    const members = (await call('GET', '/api/team/members?status=all', owner)).json().data as {
      userId: string;
      jobTitle: string;
      card: { publicPath: string };
    }[];
    const member = members.find((m) => m.userId === id)!;
    expect(member).toMatchObject({ jobTitle: 'Tour Guide', card: { publicPath: expect.stringContaining(`/link/${team.alias}/`) } });
    expect((await call('GET', member.card.publicPath, null)).statusCode).toBe(200);

    expectScimError(await scim(token, 'POST', '/Users', body), 409, 'uniqueness');

    // Filters an identity provider sends, paging and the attributes asked for.
    const find = async (filter: string) => (await scim(token, 'GET', `/Users?filter=${encodeURIComponent(filter)}`)).body!;
    expect((await find(`userName eq "${email.toUpperCase()}"`)).Resources.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await find('externalId eq "bjensen"')).totalResults).toBe(1);
    expect((await find(`emails[type eq "work"].value eq "${email}"`)).totalResults).toBe(1);
    expect((await find('userName sw "barbara." and title pr')).totalResults).toBe(1);
    expect((await find(`userName eq "${owner.email}" or externalId eq "bjensen"`)).totalResults).toBe(2);
    expect((await find('userName eq "nobody@scim.example"')).totalResults).toBe(0);
    expectScimError(await scim(token, 'GET', `/Users?filter=${encodeURIComponent('userName eq')}`), 400, 'invalidFilter');
    const paged = (await scim(token, 'GET', '/Users?startIndex=2&count=1&attributes=userName')).body!;
    expect(paged).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 2,
      startIndex: 2,
      itemsPerPage: 1,
    });
    expect(Object.keys(paged.Resources[0]).sort()).toEqual(['id', 'meta', 'schemas', 'userName']);
    expect((await scim(token, 'GET', `/Users/${id}?excludedAttributes=emails,name`)).body).not.toHaveProperty('emails');
  });

  it('links an existing account, applies Entra ID’s and Okta’s PATCH dialects, and deactivation is the team’s offboarding: sessions end at once, the card stays at its link', async () => {
    const { owner } = await teamWithOwner(t);
    const token = await scimToken(t, owner, 'Entra ID');
    const scim = scimClient(t);
    const call = teamCall(t);
    const ana = await signedUser(t, 'Ana Existing');

    const linked = await scim(token, 'POST', '/Users', {
      schemas: [rfc.CREATE_USER.schemas[0]],
      userName: ana.email,
      externalId: 'ana-1',
      displayName: 'Ana E.',
    });
    expect(linked.status).toBe(201);
    expect(linked.body!.id).toBe(ana.id);
    expect((await call('GET', '/api/team', ana)).json().data).toMatchObject({ role: 'member' });

    const patched = await scim(token, 'PATCH', `/Users/${ana.id}`, rfc.ENTRA_UPDATE);
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(() => asScimmyUser(patched.body!)).not.toThrow();
    expect(patched.body).toMatchObject({
      title: 'Head of Sales',
      name: { givenName: 'Barbara' },
      phoneNumbers: [{ value: '+34 600 000 111', type: 'work' }],
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Sales', manager: { value: 'mgr-42' } },
    });
    const kept = (await call('GET', '/api/team/members', owner)).json().data.find((m: { userId: string }) => m.userId === ana.id);
    expect(kept).toMatchObject({ jobTitle: 'Head of Sales', phone: '+34 600 000 111' });
    const cardPath = kept.card.publicPath as string;
    // The RFC's replace examples on attributes Enlaza does not keep (addresses) change nothing and fail nothing.
    expect((await scim(token, 'PATCH', `/Users/${ana.id}`, rfc.PATCH_REPLACE_WORK_ADDRESS)).status).toBe(200);
    expect((await scim(token, 'PATCH', `/Users/${ana.id}`, rfc.PATCH_REPLACE_STREET)).status).toBe(200);

    // Okta deactivates: at once, Ana's session is over and the team is no longer hers; the card stays at its link (kept, the default).
    const off = await scim(token, 'PATCH', `/Users/${ana.id}`, rfc.OKTA_DEACTIVATE);
    expect(off.status).toBe(200);
    expect(off.body!.active).toBe(false);
    expect((await call('GET', '/api/user', ana)).statusCode).toBe(401);
    expect((await call('GET', cardPath, null)).statusCode).toBe(200);
    const cards = (await call('GET', '/api/team/cards', owner)).json().data;
    expect(cards.find((c: { publicPath: string }) => c.publicPath === cardPath)).toMatchObject({ status: 'unassigned', member: null });
    const history = await historyOnce(t, owner, 'team.member_removed');
    expect(history[0]).toMatchObject({
      actorId: null,
      targetId: ana.id,
      after: { status: 'removed', card: 'keep', via: 'SCIM: Entra ID' },
    });
    // Still a User (inactive) for the provider.
    expect((await scim(token, 'GET', `/Users/${ana.id}`)).body).toMatchObject({ active: false, externalId: 'ana-1' });

    // Entra ID enables again ("True" as a string): a member again, with a card from the template.
    const on = await scim(token, 'PATCH', `/Users/${ana.id}`, rfc.ENTRA_ENABLE);
    expect(on.status).toBe(200);
    expect(on.body!.active).toBe(true);
    expect((await call('GET', '/api/team/members', owner)).json().data.some((m: { userId: string }) => m.userId === ana.id)).toBe(true);

    // The team chooses to retire cards; Entra ID disables ("False"): the card goes offline, same link kept by the team.
    expect((await call('PUT', '/api/team/scim/settings', owner, { cardOnDeactivation: 'retire' })).statusCode).toBe(200);
    const second = (await call('GET', '/api/team/members', owner)).json().data.find((m: { userId: string }) => m.userId === ana.id);
    expect((await scim(token, 'PATCH', `/Users/${ana.id}`, rfc.ENTRA_DISABLE)).body!.active).toBe(false);
    expect((await call('GET', second.card.publicPath, null)).statusCode).toBe(404);
    expect(
      (await call('GET', '/api/team/cards', owner))
        .json()
        .data.find((c: { publicPath: string }) => c.publicPath === second.card.publicPath),
    ).toMatchObject({
      status: 'retired',
    });

    // DELETE: the same offboarding (already done here), then SCIM forgets the User.
    expect((await scim(token, 'DELETE', `/Users/${ana.id}`)).status).toBe(204);
    expectScimError(await scim(token, 'GET', `/Users/${ana.id}`), 404);
  });

  it('refuses what it cannot do with the RFC’s errors: the owner’s deactivation, a changed userName, a taken externalId, a malformed body', async () => {
    const { owner } = await teamWithOwner(t);
    const token = await scimToken(t, owner);
    const scim = scimClient(t);
    expectScimError(await scim(token, 'PATCH', `/Users/${owner.id}`, rfc.OKTA_DEACTIVATE), 400, 'mutability');
    expectScimError(
      await scim(token, 'PUT', `/Users/${owner.id}`, { schemas: [rfc.CREATE_USER.schemas[0]], userName: newAddress() }),
      400,
      'mutability',
    );
    const first = await scim(token, 'POST', '/Users', { schemas: [rfc.CREATE_USER.schemas[0]], userName: newAddress(), externalId: 'x-1' });
    expect(first.status).toBe(201);
    expectScimError(
      await scim(token, 'POST', '/Users', { schemas: [rfc.CREATE_USER.schemas[0]], userName: newAddress(), externalId: 'x-1' }),
      409,
      'uniqueness',
    );
    expectScimError(await scim(token, 'PATCH', `/Users/${first.body!.id}`, { Operations: [] }), 400, 'invalidSyntax');
    expectScimError(
      await scim(token, 'PATCH', `/Users/${first.body!.id}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', path: 'active', value: 'maybe' }],
      }),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim(token, 'PUT', `/Users/${first.body!.id}`, { schemas: [rfc.CREATE_USER.schemas[0]], userName: 42 }),
      400,
      'invalidValue',
    );
    expectScimError(await scim(token, 'GET', '/Users/not-an-id'), 404);
    // A member who joined by invitation (SCIM never made them) is deactivated the same way, and stays a User, inactive.
    const { member: invited } = await joinedMember(t, owner);
    const off = await scim(token, 'PATCH', `/Users/${invited.id}`, rfc.OKTA_DEACTIVATE);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await scim(token, 'GET', `/Users/${invited.id}`)).body).toMatchObject({ active: false, userName: invited.email });
    // A PUT that keeps the address replaces the rest (title gone, name given).
    const put = await scim(token, 'PUT', `/Users/${first.body!.id}`, {
      schemas: [rfc.CREATE_USER.schemas[0]],
      userName: first.body!.userName,
      externalId: 'x-1',
      name: { givenName: 'Put' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: { givenName: 'Put' } });
  });
});
