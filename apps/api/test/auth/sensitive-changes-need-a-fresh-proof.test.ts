import { and, eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passkeyCeremonySchema } from '@enlaza/contracts';
import {
  deliveries,
  plans,
  ssoDomains,
  subscriptions,
  twoFactorSecrets,
  webauthnChallenges,
  webhookEndpoints,
  type users,
} from '../../src/db/schema/index.js';
import { samlIdentityProvider } from '../helpers/identity-providers.js';
import { softwareAuthenticator } from '../helpers/software-authenticator.js';
import { routesOf } from '../helpers/route-list.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

const ORIGIN = 'https://cards.enlaza.example';
const HOOK_URL = 'http://127.0.0.1:9/hook';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ PASSKEY_ORIGIN: ORIGIN });
});
afterAll(() => t.close());

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object };
const send = (session: string, call: Call, language = 'en') =>
  t.app.inject({ ...call, headers: { ...bearer(session), 'accept-language': language } });
const prove = (session: string, payload: object, remoteAddress = '10.91.0.1', language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/reauthenticate',
    headers: { ...bearer(session), 'accept-language': language },
    payload,
    remoteAddress,
  });

/**
 * An owner on the Business plan (webhooks) with two sessions: `proven`, which gave a fresh proof
 * and sets up what a case needs, and `bare`, signed in with the password but never asked again.
 */
async function owner(extra: Partial<typeof users.$inferInsert> = {}) {
  const [business] = await t.db.select().from(plans).where(eq(plans.code, 'business'));
  const user = await insertUser(t.db, extra);
  await t.db.insert(subscriptions).values({ userId: user.id, planId: business!.id, status: 'active', currentPeriodStart: new Date() });
  return { user, proven: await login(t.app, user), bare: await login(t.app, user, { fresh: false }) };
}
type Owner = Awaited<ReturnType<typeof owner>>;

const list = async (session: string, url: string) => (await send(session, { method: 'GET', url })).json().data as unknown;
const webhookRow = async (userId: string) => (await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)))[0];

async function passkeyCeremony(session: string) {
  const started = await send(session, { method: 'POST', url: '/api/passkeys/options', payload: {} });
  expect(started.statusCode).toBe(200);
  return passkeyCeremonySchema.parse(started.json().data);
}
async function addPasskey(o: Owner) {
  const device = softwareAuthenticator(ORIGIN);
  const { challengeId, options } = await passkeyCeremony(o.proven);
  const res = await send(o.proven, {
    method: 'POST',
    url: '/api/passkeys',
    payload: { challengeId, name: 'Phone', credential: device.create(options as never) },
  });
  expect(res.statusCode).toBe(200);
  return { id: res.json().data.id as string, device };
}
async function addToken(o: Owner) {
  const res = await send(o.proven, { method: 'POST', url: '/api/tokens', payload: { name: 'script', scopes: ['cards:read'] } });
  expect(res.statusCode).toBe(201);
  return res.json().data as { token: { id: string }; secret: string };
}
async function addWebhook(o: Owner) {
  const res = await send(o.proven, { method: 'POST', url: '/api/webhooks', payload: { url: HOOK_URL, events: ['message.received'] } });
  expect(res.statusCode).toBe(200);
  return res.json().data.endpoint.id as string;
}
async function twoFactorOn(o: Owner) {
  const setup = await send(o.proven, { method: 'POST', url: '/api/two-factor/setup' });
  const secret = setup.json().data.secret as string;
  const confirmed = await send(o.proven, {
    method: 'POST',
    url: '/api/two-factor/confirm',
    payload: { code: authenticator.generate(secret) },
  });
  expect(confirmed.statusCode).toBe(200);
  return { secret, recoveryCodes: confirmed.json().data.recoveryCodes as string[] };
}

/**
 * Every route that needs a session's fresh proof: what the bare session sends, what it changes
 * (read before and after), and the answer once the session has proven itself.
 */
type Case = { prepare: (o: Owner) => Promise<{ call: Call; state: () => Promise<unknown>; ok: number }> };
/** A SAML identity provider's metadata, for a team's single sign-on. */
const SSO_SAML = { protocol: 'saml', metadataXml: samlIdentityProvider().metadata, mapping: {} };
let ssoTeams = 0;
/** The owner's new team, with a single sign-on provider and a proven domain when asked (written as the check would). */
async function ssoTeam(o: Owner, { provider = false, domain = false } = {}) {
  ssoTeams += 1;
  const alias = `sso-proof-${ssoTeams}-${Date.now().toString(36)}`.slice(0, 30);
  const created = await send(o.proven, { method: 'POST', url: '/api/team', payload: { name: 'SSO proof team', alias } });
  expect(created.statusCode, created.body).toBe(201);
  const teamId = created.json().data.team.id as string;
  if (provider) expect((await send(o.proven, { method: 'PUT', url: '/api/team/sso', payload: SSO_SAML })).statusCode).toBe(200);
  const [row] = domain
    ? await t.db
        .insert(ssoDomains)
        .values({ teamId, domain: `${alias}.proof.test`, token: 'proof', status: 'verified', verifiedAt: new Date() })
        .returning()
    : [];
  return { domainId: row?.id };
}
const ssoState = (o: Owner) => async () => {
  const { provider, enforced, domains } = (await list(o.proven, '/api/team/sso')) as {
    provider: unknown;
    enforced: boolean;
    domains: unknown[];
  };
  return { provider, enforced, domains };
};

const NEEDS_A_FRESH_PROOF: Record<string, Case> = {
  'PUT /api/team/sso': {
    prepare: async (o) => {
      await ssoTeam(o);
      return { call: { method: 'PUT', url: '/api/team/sso', payload: SSO_SAML }, state: ssoState(o), ok: 200 };
    },
  },
  'DELETE /api/team/sso': {
    prepare: async (o) => {
      await ssoTeam(o, { provider: true });
      return { call: { method: 'DELETE', url: '/api/team/sso' }, state: ssoState(o), ok: 200 };
    },
  },
  'PUT /api/team/sso/enforce': {
    prepare: async (o) => {
      await ssoTeam(o, { provider: true, domain: true });
      return { call: { method: 'PUT', url: '/api/team/sso/enforce', payload: { enforced: true } }, state: ssoState(o), ok: 200 };
    },
  },
  'POST /api/team/sso/domains': {
    prepare: async (o) => {
      await ssoTeam(o);
      return {
        call: { method: 'POST', url: '/api/team/sso/domains', payload: { domain: 'more.proof.test' } },
        state: ssoState(o),
        ok: 200,
      };
    },
  },
  'DELETE /api/team/sso/domains/:id': {
    prepare: async (o) => {
      const { domainId } = await ssoTeam(o, { domain: true });
      return { call: { method: 'DELETE', url: `/api/team/sso/domains/${domainId}` }, state: ssoState(o), ok: 200 };
    },
  },
  'POST /api/passkeys/options': {
    prepare: async (o) => ({
      call: { method: 'POST', url: '/api/passkeys/options', payload: {} },
      state: () => t.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, o.user.id)),
      ok: 200,
    }),
  },
  'POST /api/passkeys': {
    prepare: async (o) => {
      // The ceremony was started by the proven session; the bare one tries to finish it.
      const { challengeId, options } = await passkeyCeremony(o.proven);
      const credential = softwareAuthenticator(ORIGIN).create(options as never);
      return {
        call: { method: 'POST', url: '/api/passkeys', payload: { challengeId, name: 'Attacker', credential } },
        state: () => list(o.proven, '/api/passkeys'),
        ok: 200,
      };
    },
  },
  'DELETE /api/passkeys/:id': {
    prepare: async (o) => {
      const { id } = await addPasskey(o);
      return { call: { method: 'DELETE', url: `/api/passkeys/${id}` }, state: () => list(o.proven, '/api/passkeys'), ok: 200 };
    },
  },
  'POST /api/two-factor/setup': {
    prepare: async (o) => ({
      call: { method: 'POST', url: '/api/two-factor/setup' },
      state: () => t.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, o.user.id)),
      ok: 200,
    }),
  },
  'POST /api/two-factor/confirm': {
    prepare: async (o) => {
      const secret = (await send(o.proven, { method: 'POST', url: '/api/two-factor/setup' })).json().data.secret as string;
      return {
        call: { method: 'POST', url: '/api/two-factor/confirm', payload: { code: authenticator.generate(secret) } },
        state: () => list(o.proven, '/api/two-factor'),
        ok: 200,
      };
    },
  },
  'POST /api/tokens': {
    prepare: async (o) => ({
      call: { method: 'POST', url: '/api/tokens', payload: { name: 'forever', scopes: ['cards:read'], expiresIn: 'never' } },
      state: () => list(o.proven, '/api/tokens'),
      ok: 201,
    }),
  },
  'DELETE /api/tokens/:id': {
    prepare: async (o) => {
      const { token } = await addToken(o);
      return { call: { method: 'DELETE', url: `/api/tokens/${token.id}` }, state: () => list(o.proven, '/api/tokens'), ok: 200 };
    },
  },
  'POST /api/webhooks': {
    prepare: async (o) => ({
      call: { method: 'POST', url: '/api/webhooks', payload: { url: 'http://127.0.0.1:9/elsewhere', events: ['message.received'] } },
      state: () => list(o.proven, '/api/webhooks'),
      ok: 200,
    }),
  },
  'PATCH /api/webhooks/:id': {
    prepare: async (o) => {
      const id = await addWebhook(o);
      return {
        call: { method: 'PATCH', url: `/api/webhooks/${id}`, payload: { url: 'http://127.0.0.1:9/elsewhere' } },
        state: () => list(o.proven, '/api/webhooks'),
        ok: 200,
      };
    },
  },
  'DELETE /api/webhooks/:id': {
    prepare: async (o) => {
      const id = await addWebhook(o);
      return { call: { method: 'DELETE', url: `/api/webhooks/${id}` }, state: () => list(o.proven, '/api/webhooks'), ok: 200 };
    },
  },
  'POST /api/webhooks/:id/roll-secret': {
    prepare: async (o) => {
      const id = await addWebhook(o);
      return {
        call: { method: 'POST', url: `/api/webhooks/${id}/roll-secret` },
        state: async () => (await webhookRow(o.user.id))!.secretEncrypted,
        ok: 200,
      };
    },
  },
};

/**
 * Sensitive routes whose body already holds a proof (the current password, a current authenticator
 * code): asked for it, not for a second one. `wrong` must be refused, `right` must work, from the bare session.
 */
type BodyCase = { prepare: (o: Owner) => Promise<{ wrong: Call; right: Call; state: () => Promise<unknown> }> };
const PROOF_IN_THE_BODY: Record<string, BodyCase> = {
  'POST /api/two-factor/recovery-codes': {
    prepare: async (o) => {
      const { secret } = await twoFactorOn(o);
      const url = '/api/two-factor/recovery-codes';
      return {
        wrong: { method: 'POST', url, payload: { code: '000000' } },
        // The next step's code: the one confirm used is spent.
        right: { method: 'POST', url, payload: { code: authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret) } },
        state: () => list(o.proven, '/api/two-factor'),
      };
    },
  },
  'POST /api/two-factor/disable': {
    prepare: async (o) => {
      await twoFactorOn(o);
      const url = '/api/two-factor/disable';
      return {
        wrong: { method: 'POST', url, payload: { password: 'not-the-password' } },
        right: { method: 'POST', url, payload: { password: o.user.password } },
        state: () => list(o.proven, '/api/two-factor'),
      };
    },
  },
  'POST /api/account/email': {
    prepare: async (o) => ({
      wrong: { method: 'POST', url: '/api/account/email', payload: { newEmail: `new-${o.user.id}@test.example`, password: 'nope-nope-1' } },
      right: {
        method: 'POST',
        url: '/api/account/email',
        payload: { newEmail: `new-${o.user.id}@test.example`, password: o.user.password },
      },
      state: () => list(o.proven, '/api/account/personal'),
    }),
  },
  'PUT /api/account/password': {
    prepare: async (o) => ({
      wrong: {
        method: 'PUT',
        url: '/api/account/password',
        payload: { currentPassword: 'nope-nope-1', newPassword: 'a-new-long-pass-42' },
      },
      right: {
        method: 'PUT',
        url: '/api/account/password',
        payload: { currentPassword: o.user.password, newPassword: 'a-new-long-pass-42' },
      },
      state: async () => null,
    }),
  },
};

/** Routes of the same areas that change nothing sensitive (reads, names, sessions, sign-in itself…). */
const NOT_SENSITIVE = [
  'GET /api/passkeys',
  'PATCH /api/passkeys/:id',
  'POST /api/passkeys/sign-in/options',
  'POST /api/passkeys/sign-in',
  'GET /api/two-factor',
  'GET /api/tokens',
  'GET /api/webhooks',
  'GET /api/webhooks/:id/deliveries',
  'GET /api/webhooks/:id/deliveries/:deliveryId',
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend',
  'GET /api/account/personal',
  'PUT /api/account/personal',
  'GET /api/account/billing',
  'PUT /api/account/billing',
  'GET /api/account/preferences',
  'PUT /api/account/preferences',
  'GET /api/options',
  'PUT /api/options/alias',
  'PUT /api/options/notifications',
  'GET /api/options/export',
  // Asks for the password itself, and the account is gone afterwards.
  'POST /api/options/delete-account',
  'POST /api/login',
  'POST /api/login/second-factor',
  'POST /api/login/second-factor/setup',
  'POST /api/login/second-factor/enrol',
  'GET /api/logout',
  'GET /api/sessions',
  'DELETE /api/sessions/:id',
  'POST /api/sessions/sign-out-others',
  'GET /api/user',
  'GET /api/user/reauthenticate',
  'POST /api/user/reauthenticate',
  'POST /api/user/reauthenticate/passkey-options',
  // A team's single sign-on: reads, a DNS check, a test sign-in (nobody signed in), and the sign-in itself.
  'GET /api/team/sso',
  'POST /api/team/sso/domains/:id/check',
  'POST /api/team/sso/test',
  'GET /api/team/sso/test/:id',
  'GET /api/sso/start',
  'GET /api/sso/oidc/callback',
  'POST /api/sso/saml/acs',
  'POST /api/sso/exchange',
  'GET /api/sso/saml/metadata/:teamId',
];

/** The areas whose every route must be classified here: passkeys, sign-in and sessions, tokens, two-factor, webhooks, account and options, a team's single sign-on, the proof itself. */
const AREAS =
  /^\/api\/(?:(?:passkeys|two-factor|tokens|webhooks|account|options|login|logout|sessions|team\/sso|sso)(?:\/|$)|user(?:\/reauthenticate(?:\/|$)|$))/;

describe('which routes are sensitive', () => {
  it('classifies every route of the account-security areas, and the guard is on exactly the sensitive ones', () => {
    const routes = routesOf(t.app)
      .filter((r) => r.method !== 'HEAD' && AREAS.test(r.url))
      .map((r) => `${r.method} ${r.url}`);
    const classified = [...Object.keys(NEEDS_A_FRESH_PROOF), ...Object.keys(PROOF_IN_THE_BODY), ...NOT_SENSITIVE];
    // A new route in these areas must be added to one of the lists above (and, if sensitive, declare config.sensitive).
    expect(routes.filter((r) => !classified.includes(r)).sort()).toEqual([]);
    expect(classified.filter((r) => !routes.includes(r)).sort()).toEqual([]);

    const declared = [...t.app.sensitiveRoutes].filter(([route]) => AREAS.test(route.split(' ')[1]!));
    expect(Object.fromEntries(declared.map(([route, d]) => [route, d.proof ?? 'session']))).toEqual({
      ...Object.fromEntries(Object.keys(NEEDS_A_FRESH_PROOF).map((r) => [r, 'session'])),
      ...Object.fromEntries(Object.keys(PROOF_IN_THE_BODY).map((r) => [r, 'body'])),
    });
  });
});

describe('a sensitive change without a fresh proof', () => {
  it.each(Object.entries(NEEDS_A_FRESH_PROOF))('%s: 403 auth.reauth_required and nothing changed; works after the proof', async (_, c) => {
    const o = await owner();
    const { call, state, ok } = await c.prepare(o);
    const before = await state();
    const refused = await send(o.bare, call, 'es');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ ok: 0, code: 'auth.reauth_required' });
    expect(refused.json().message).toContain('confirma que eres tú');
    expect(await state()).toEqual(before);

    expect((await prove(o.bare, { password: o.user.password })).statusCode).toBe(200);
    const done = await send(o.bare, call);
    expect(done.statusCode, done.body).toBe(ok);
    expect(await state()).not.toEqual(before);
  });

  it.each(Object.entries(PROOF_IN_THE_BODY))('%s: refused with a wrong proof in the body, works with the right one', async (_, c) => {
    const o = await owner();
    const { wrong, right, state } = await c.prepare(o);
    const before = await state();
    const refused = await send(o.bare, wrong);
    expect([401, 422]).toContain(refused.statusCode);
    expect(await state()).toEqual(before);
    const done = await send(o.bare, right);
    expect(done.statusCode, done.body).toBe(200);
  });

  it('a personal access token can make none of them, even with every scope (403)', async () => {
    const o = await owner();
    const { secret } = await addToken(o);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const route of [...Object.keys(NEEDS_A_FRESH_PROOF), ...Object.keys(PROOF_IN_THE_BODY), 'POST /api/user/reauthenticate']) {
      const [method, url] = route.split(' ') as [Call['method'], string];
      const res = await send(secret, { method, url: url.replace(/:\w+/g, id), payload: { password: o.user.password } });
      expect(res.statusCode, route).toBe(403);
    }
  });

  it('a webhook’s description and events change without a proof; only a new URL needs one', async () => {
    const o = await owner();
    const id = await addWebhook(o);
    const res = await send(o.bare, { method: 'PATCH', url: `/api/webhooks/${id}`, payload: { description: 'CRM', enabled: false } });
    expect(res.statusCode).toBe(200);
    expect((await webhookRow(o.user.id))!.url).toBe(HOOK_URL);
  });
});

describe('the fresh proof', () => {
  it('stamps only the session that gave it, for REAUTH_WINDOW_MINUTES on the product clock', async () => {
    const o = await owner();
    const other = await login(t.app, o.user, { fresh: false });
    const answer = await prove(o.bare, { password: o.user.password });
    expect(answer.statusCode).toBe(200);
    const until = Date.parse(answer.json().data.reauthenticatedUntil);
    expect(until - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const create = { method: 'POST', url: '/api/tokens', payload: { name: 'x', scopes: ['audience'] } } as const;
    expect((await send(o.bare, create)).statusCode).toBe(201);
    expect((await send(other, create)).json().code).toBe('auth.reauth_required');
    expect((await send(o.bare, { method: 'GET', url: '/api/user/reauthenticate' })).json().data).toMatchObject({
      password: true,
      code: false,
      passkey: false,
      reauthenticatedUntil: new Date(until).toISOString(),
    });

    // Ten minutes later on the product clock (real time plus its offset), the same session is asked again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 });
    try {
      expect((await send(o.bare, create)).json().code).toBe('auth.reauth_required');
      expect((await send(o.bare, { method: 'GET', url: '/api/user/reauthenticate' })).json().data.reauthenticatedUntil).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a wrong password with 401 in the request’s language, counted by the sign-in limits (429 after 5)', async () => {
    const o = await owner();
    const address = '10.91.7.7';
    const en = await prove(o.bare, { password: 'wrong-password-1' }, address);
    expect(en.statusCode).toBe(401);
    expect(en.json().code).toBe('auth.reauth_invalid');
    const es = await prove(o.bare, { password: 'wrong-password-2' }, address, 'es');
    expect(es.json().message).not.toBe(en.json().message);
    for (let i = 0; i < 3; i++) expect((await prove(o.bare, { password: `wrong-${i}` }, address)).statusCode).toBe(401);
    const throttled = await prove(o.bare, { password: o.user.password }, address);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe('auth.throttled');
    expect(throttled.headers['retry-after']).toBeDefined();
    expect((await send(o.bare, { method: 'GET', url: '/api/user/reauthenticate' })).json().data.reauthenticatedUntil).toBeNull();
  });

  it('takes a current authenticator code (not a recovery code) when two-factor is on', async () => {
    const o = await owner();
    const { secret, recoveryCodes } = await twoFactorOn(o);
    expect((await prove(o.bare, { code: recoveryCodes[0]! })).statusCode).toBe(401);
    expect((await prove(o.bare, { code: '000000' })).statusCode).toBe(401);
    const code = authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);
    expect((await prove(o.bare, { code })).statusCode).toBe(200);
    // The same code again is refused (one use per code).
    expect((await prove(o.bare, { code })).statusCode).toBe(401);
    expect((await send(o.bare, { method: 'GET', url: '/api/user/reauthenticate' })).json().data.code).toBe(true);
  });

  it('takes one of the owner’s own passkeys, never another account’s', async () => {
    const o = await owner();
    const { device } = await addPasskey(o);
    const started = await send(o.bare, { method: 'POST', url: '/api/user/reauthenticate/passkey-options' });
    expect(started.statusCode).toBe(200);
    const { challengeId, options } = passkeyCeremonySchema.parse(started.json().data);
    expect((options as { allowCredentials: unknown[] }).allowCredentials).toHaveLength(1);
    const ok = await prove(o.bare, { passkey: { challengeId, credential: device.get(options as never) } });
    expect(ok.statusCode, ok.body).toBe(200);

    // Someone else's passkey answering this owner's ceremony proves nothing.
    const stranger = await owner();
    const { device: theirs } = await addPasskey(stranger);
    const again = passkeyCeremonySchema.parse(
      (await send(o.bare, { method: 'POST', url: '/api/user/reauthenticate/passkey-options' })).json().data,
    );
    const refused = await prove(o.bare, { passkey: { challengeId: again.challengeId, credential: theirs.get(again.options as never) } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('auth.reauth_invalid');
  });
});

describe('the owner is told', () => {
  it('emails each change in the owner’s language: what, when, from which device and address, and how to secure the account', async () => {
    const o = await owner({ locale: 'es' });
    await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { ...bearer(o.proven), 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/128.0' },
      payload: { name: 'zap', scopes: ['audience'] },
      remoteAddress: '203.0.113.9',
    });
    await t.app.platform.background.drain();
    const mails = await t.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.toEmail, o.user.email), eq(deliveries.kind, 'system')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Un cambio de seguridad en tu cuenta de Enlaza');
    expect(mails[0]!.bodyText).toContain('Se ha creado un token de acceso personal');
    expect(mails[0]!.bodyText).toContain('203.0.113.9');
    expect(mails[0]!.bodyText).toContain('Windows');
    expect(mails[0]!.bodyText).toContain('/?forgot=1');
  });

  it('tells the old address of an email change; a refused change emails nobody', async () => {
    const o = await owner();
    const newEmail = `moved-${o.user.id}@test.example`;
    await send(o.bare, { method: 'POST', url: '/api/account/email', payload: { newEmail, password: 'wrong-wrong-1' } });
    await send(o.bare, { method: 'POST', url: '/api/tokens', payload: { name: 'x', scopes: ['audience'] } });
    await t.app.platform.background.drain();
    const subject = 'A security change on your Enlaza account';
    expect(
      await t.db
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.toEmail, o.user.email), eq(deliveries.subject, subject))),
    ).toEqual([]);

    const res = await send(o.bare, { method: 'POST', url: '/api/account/email', payload: { newEmail, password: o.user.password } });
    expect(res.statusCode).toBe(200);
    await t.app.platform.background.drain();
    const told = await t.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.toEmail, o.user.email), eq(deliveries.subject, subject)));
    expect(told).toHaveLength(1);
    expect(told[0]!.bodyText).toContain('A change of your account’s email address was requested');
  });
});
