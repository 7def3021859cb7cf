import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CustomDomain, CustomDomainList } from '@enlaza/contracts';
import { plans, subscriptions } from '../../src/db/schema/index.js';
import { startDnsServer, type DnsServer } from '../helpers/dns-server.js';
import { joinedMember, teamCall, teamWithOwner } from '../helpers/teams.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let t: TestContext;
let dns: DnsServer;

beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({ ...dns.env, PUBLIC_URL: 'http://enlaza.test', CUSTOM_DOMAIN_TARGET: 'cards.enlaza.test' });
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

/** A user on the given plan (the demo catalogue's Business allows 3 custom domains, Free none), with a card. */
async function owner(plan: 'business' | 'free' = 'business') {
  const user = await insertUser(t.db, { name: 'Ana Domain' });
  if (plan === 'business') {
    const [business] = await t.db.select().from(plans).where(eq(plans.code, 'business'));
    await t.db.insert(subscriptions).values({ userId: user.id, planId: business!.id, status: 'active', currentPeriodStart: new Date() });
  }
  const token = await login(t.app, user);
  const call = async <T>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: bearer(token), payload });
    return { status: res.statusCode, body: res.json<{ data: T; code?: string; message?: string; errors?: Record<string, string[]> }>() };
  };
  const card = (await call<{ id: string }>('POST', '/api/profiles', { kind: 'card', card: { firstName: 'Ana', lastName: 'Domain' } })).body
    .data;
  return { user, token, call, card };
}

/** A request to the app as a visitor's browser sends it to `host`. */
const visit = (host: string, url = '/', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...headers } });

describe('custom domains', () => {
  it('serves a card at its verified host only: the records checked, the page with its own address, nothing of the app there', async () => {
    const { user, call, card } = await owner();
    const added = await call<CustomDomain>('POST', '/api/custom-domains', { host: 'Cards.Ana-Domain.example', profileId: card.id });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const domain = added.body.data;
    expect(domain).toMatchObject({
      host: 'cards.ana-domain.example',
      status: 'pending',
      url: 'https://cards.ana-domain.example/',
      target: { kind: 'profile', id: card.id, name: 'Ana Domain' },
    });
    const [ownership, cname] = domain.records;
    expect(ownership).toMatchObject({ kind: 'ownership', type: 'TXT', name: '_enlaza.cards.ana-domain.example' });
    expect(ownership!.value).toMatch(/^enlaza-verification=[0-9a-f]{32}$/);
    expect(cname).toMatchObject({ kind: 'cname', type: 'CNAME', name: 'cards.ana-domain.example', value: 'cards.enlaza.test' });

    // Not verified: the host answers as any unknown host (the app), and Caddy gets no certificate for it.
    expect((await call<CustomDomain>('POST', `/api/custom-domains/${domain.id}/check`)).body.data.records.map((r) => r.status)).toEqual([
      'missing',
      'missing',
    ]);
    expect((await visit('cards.ana-domain.example')).body).not.toContain('Ana Domain');
    expect((await t.app.inject({ url: '/api/custom-domains/allowed?domain=cards.ana-domain.example' })).statusCode).toBe(404);

    // Another owner's token and a CNAME elsewhere are not ours; then the right ones.
    dns.zone.set(ownership!.name, ['enlaza-verification=0123456789abcdef0123456789abcdef']);
    dns.cnames.set(cname!.name, 'elsewhere.example');
    const wrong = (await call<CustomDomain>('POST', `/api/custom-domains/${domain.id}/check`)).body.data;
    expect(wrong.records.map((r) => [r.kind, r.status, r.seen])).toEqual([
      ['ownership', 'mismatch', ['enlaza-verification=0123456789abcdef0123456789abcdef']],
      ['cname', 'mismatch', ['elsewhere.example']],
    ]);
    expect(wrong.status).toBe('pending');
    dns.publish(domain.records);
    const verified = (await call<CustomDomain>('POST', `/api/custom-domains/${domain.id}/check`)).body.data;
    expect(verified).toMatchObject({ status: 'verified' });
    expect((await t.app.inject({ url: '/api/custom-domains/allowed?domain=cards.ana-domain.example' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/custom-domains/allowed?domain=unknown.example' })).statusCode).toBe(404);

    // The card at the host's root: its address there in the page, no cookie set.
    const page = await visit('cards.ana-domain.example', '/', { 'accept-language': 'es' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ana Domain');
    expect(page.body).toContain('<link rel="canonical" href="https://cards.ana-domain.example/"');
    expect(page.body).toContain('<meta property="og:url" content="https://cards.ana-domain.example/"');
    expect(page.headers['set-cookie']).toBeUndefined();
    // The app's screens are sent to PUBLIC_URL; its API is not there (the public page's own calls are).
    const signIn = await visit('cards.ana-domain.example', '/login?next=%2Fuser');
    expect(signIn.statusCode).toBe(302);
    expect(signIn.headers.location).toBe('http://enlaza.test/login?next=%2Fuser');
    const api = await visit('cards.ana-domain.example', '/api/user');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('request.not_found');
    expect(api.headers['set-cookie']).toBeUndefined();
    // On PUBLIC_URL's host the app is as it was; the card's page there names the domain as its
    // address, and its vCard too.
    expect((await visit('enlaza.test', '/')).statusCode).toBe(200);
    const atHome = await visit('enlaza.test', `/link/${user.alias}/${card.id}`);
    expect(atHome.statusCode).toBe(200);
    expect(atHome.body).toContain('<link rel="canonical" href="https://cards.ana-domain.example/"');
    const vcard = await visit('enlaza.test', `/api/public/link/${user.alias}/${card.id}/vcard`);
    expect(vcard.body).toMatch(/^(item\d+\.)?URL:https:\/\/cards\.ana-domain\.example\/\r?$/m);
    // The vCard fetched at the domain itself (the page's own call).
    expect((await visit('cards.ana-domain.example', `/api/public/link/${user.alias}/${card.id}/vcard`)).statusCode).toBe(200);

    // Removed: the host stops serving and Caddy is refused.
    expect((await call('DELETE', `/api/custom-domains/${domain.id}`)).status).toBe(200);
    expect((await t.app.inject({ url: '/api/custom-domains/allowed?domain=cards.ana-domain.example' })).statusCode).toBe(404);
    expect((await visit('cards.ana-domain.example')).body).not.toContain('Ana Domain');
  });

  it("serves a team's directory at the team owner's domain", async () => {
    const { owner: teamOwner, team } = await teamWithOwner(t, 'Acme Domains');
    const call = teamCall(t);
    await call('PUT', '/api/team/directory', teamOwner, { enabled: true });
    const [business] = await t.db.select().from(plans).where(eq(plans.code, 'business'));
    await t.db
      .insert(subscriptions)
      .values({ userId: teamOwner.id, planId: business!.id, status: 'active', currentPeriodStart: new Date() });
    const added = await call('POST', '/api/custom-domains', teamOwner, { host: 'people.acme-domains.example', teamId: team.id });
    expect(added.statusCode, added.body).toBe(200);
    const domain = added.json().data as CustomDomain;
    expect(domain.target).toMatchObject({ kind: 'team', id: team.id, name: 'Acme Domains' });
    dns.publish(domain.records);
    expect((await call('POST', `/api/custom-domains/${domain.id}/check`, teamOwner)).json().data.status).toBe('verified');
    const page = await visit('people.acme-domains.example');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Acme Domains');

    // A member of the team, even its admin, is not its owner: 403, nothing written.
    const { member } = await joinedMember(t, teamOwner, { role: 'admin' });
    await t.db.insert(subscriptions).values({ userId: member.id, planId: business!.id, status: 'active', currentPeriodStart: new Date() });
    const byMember = await call('POST', '/api/custom-domains', member, { host: 'mine.acme-domains.example', teamId: team.id });
    expect(byMember.statusCode, byMember.body).toBe(403);
    expect(byMember.json().code).toBe('team.role_required');
    expect((await call('GET', '/api/custom-domains', member)).json().data.domains).toEqual([]);
  });

  it('is limited by the plan, refused for our own hosts and a host another owner serves, and 404 for what is not the owner’s', async () => {
    const free = await owner('free');
    const refused = await free.call('POST', '/api/custom-domains', { host: 'free.example', profileId: free.card.id });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'custom_domains.plan_limit',
      message: 'Your plan allows 0 custom domains. Change your plan to add more.',
    });
    expect((await free.call<CustomDomainList>('GET', '/api/custom-domains')).body.data).toEqual({ domains: [], limit: 0 });

    const { call, card } = await owner();
    const ours = await call('POST', '/api/custom-domains', { host: 'shop.cards.enlaza.test', profileId: card.id });
    expect(ours.status).toBe(422);
    expect(ours.body.errors?.host).toEqual(['This address belongs to Enlaza itself: use a domain of your own.']);
    const neither = await call('POST', '/api/custom-domains', { host: 'two.example' });
    expect(neither.status).toBe(422);
    expect(neither.body.errors?.profileId).toEqual(['Give either a card or tag, or your team — one of them.']);
    const bad = await call('POST', '/api/custom-domains', { host: 'not a host', profileId: card.id });
    expect(bad.body.errors?.host).toEqual(['Enter a domain name such as example.com.']);

    // Another owner's card, another owner's team: 404, nothing written.
    const other = await owner();
    expect((await call('POST', '/api/custom-domains', { host: 'steal.example', profileId: other.card.id })).status).toBe(404);
    const { team } = await teamWithOwner(t, 'Not Yours');
    expect((await call('POST', '/api/custom-domains', { host: 'steal.example', teamId: team.id })).status).toBe(404);
    expect((await call<CustomDomainList>('GET', '/api/custom-domains')).body.data.domains).toEqual([]);

    // One owner verifies a host: nobody else may add it; their own domain is 404 to the others on every route.
    const mine = (await other.call<CustomDomain>('POST', '/api/custom-domains', { host: 'taken.example', profileId: other.card.id })).body
      .data;
    dns.publish(mine.records);
    expect((await other.call<CustomDomain>('POST', `/api/custom-domains/${mine.id}/check`)).body.data.status).toBe('verified');
    const taken = await call('POST', '/api/custom-domains', { host: 'taken.example', profileId: card.id });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('custom_domains.host_taken');
    for (const [method, url] of [
      ['POST', `/api/custom-domains/${mine.id}/check`],
      ['DELETE', `/api/custom-domains/${mine.id}`],
    ] as const) {
      const res = await call(method, url);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.code).toBe('record.not_found');
    }
    // The plan's quota: three on Business, the fourth refused.
    for (const n of [1, 2, 3])
      expect((await call('POST', '/api/custom-domains', { host: `d${n}.quota.example`, profileId: card.id })).status).toBe(200);
    const fourth = await call('POST', '/api/custom-domains', { host: 'd4.quota.example', profileId: card.id });
    expect(fourth.status).toBe(403);
    expect(fourth.body.message).toBe('Your plan allows 3 custom domains. Change your plan to add more.');
  });
});
