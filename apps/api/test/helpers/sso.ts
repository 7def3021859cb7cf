import { expect } from 'vitest';
import { bearer, insertUser, login, type TestContext } from './test-app.js';
import type { startDnsServer } from './dns-server.js';

type Dns = Awaited<ReturnType<typeof startDnsServer>>;
export type Who = { id: string; email: string; password: string; token: string };

let counter = 0;
/** A new active account with this address, signed in with a fresh proof. */
export async function person(t: TestContext, email: string, name = 'Pat Person'): Promise<Who> {
  const user = await insertUser(t.db, { email, name });
  return { id: user.id, email, password: user.password, token: await login(t.app, user) };
}

/** A request as `who`, in `language`. */
export const call = (
  t: TestContext,
  who: Who | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  language = 'en',
) =>
  t.app.inject({ method, url, headers: { ...(who ? bearer(who.token) : {}), 'accept-language': language }, ...(payload && { payload }) });

/** A team whose owner's address is in `domain`, the domain added and proven through the test's DNS server. */
export async function teamWithProvenDomain(t: TestContext, dns: Dns, domain: string) {
  counter += 1;
  const owner = await person(t, `owner${counter}-${Date.now()}@${domain}`, `Olga Owner ${counter}`);
  const alias = `sso-${counter}-${Date.now().toString(36)}`.slice(0, 30);
  const created = await call(t, owner, 'POST', '/api/team', { name: `Acme ${counter}`, alias });
  expect(created.statusCode, created.body).toBe(201);
  const teamId = created.json<{ data: { team: { id: string } } }>().data.team.id;
  const added = await call(t, owner, 'POST', '/api/team/sso/domains', { domain });
  expect(added.statusCode, added.body).toBe(200);
  const d = added.json<{ data: { id: string; record: { name: string; value: string } } }>().data;
  dns.zone.set(d.record.name, [d.record.value]);
  const checked = await call(t, owner, 'POST', `/api/team/sso/domains/${d.id}/check`);
  expect(checked.json().data.status, checked.body).toBe('verified');
  return { owner, teamId, domainId: d.id };
}

/** Loads the SPA like a browser: its CSRF token and cookie, for the page's own POSTs. */
export async function openPage(t: TestContext) {
  const page = await t.app.inject({ url: '/user/dashboard', headers: { host: 'app.test' } });
  const token = /<meta name="csrf-token" content="([^"]+)">/.exec(page.body)?.[1] ?? '';
  return { token, cookie: String(page.headers['set-cookie']).split(';')[0]! };
}

/** The binding cookie an SSO start set (`enlaza_sso=…`). */
export const ssoCookieOf = (res: { headers: Record<string, unknown> }) => {
  const set = [res.headers['set-cookie']].flat().map(String);
  const found = set.find((c) => c.startsWith('enlaza_sso='));
  expect(found).toMatch(/^enlaza_sso=[\w-]+; Path=\/api\/sso; Max-Age=600; HttpOnly; SameSite=Lax/);
  return found!.split(';')[0]!;
};

/** The page's exchange of the one-time code, from the browser holding `ssoCookie` (or none). */
export async function exchange(t: TestContext, landing: string, ssoCookie: string | null) {
  const code = new URL(landing, 'http://app.test').searchParams.get('sso_code');
  expect(code, `landed on ${landing}`).toBeTruthy();
  const page = await openPage(t);
  return t.app.inject({
    method: 'POST',
    url: '/api/sso/exchange',
    payload: { code },
    headers: {
      host: 'app.test',
      origin: 'http://app.test',
      'sec-fetch-site': 'same-origin',
      'x-csrf-token': page.token,
      cookie: [page.cookie, ssoCookie].filter(Boolean).join('; '),
      'accept-language': 'en',
    },
  });
}
