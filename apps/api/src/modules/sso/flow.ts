import { and, eq, gt } from 'drizzle-orm';
import type { SsoTestResult } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { translate } from '../../lib/i18n.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import type { Services } from '../../platform/modules.js';
import { domainOf, mapPerson } from './mapping.js';
import type { Oidc } from './oidc.js';
import type { createSsoPeople } from './people.js';
import type { Connection, RequestRow, SsoRequests } from './requests.js';
import type { Saml } from './saml.js';
import { ssoAssertions, ssoDomains, ssoRequests } from './schema.js';
import { serviceProviderOf } from './urls.js';

/** The claims a test shows, up to about 20 kB of them (a provider may send large groups lists). */
function bounded(claims: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  let size = 0;
  for (const [key, value] of Object.entries(claims)) {
    size += JSON.stringify(value ?? null).length + key.length;
    if (size > 20_000) break;
    kept[key] = value;
  }
  return kept;
}

type Deps = {
  db: Database;
  oidc: Pick<Oidc, 'claims'>;
  saml: Pick<Saml, 'validate' | 'metadata'>;
  publicUrl: string;
  requireAccess: RequireAccess;
  requests: SsoRequests;
  people: ReturnType<typeof createSsoPeople>;
  teams: Pick<Services['teams'], 'context'>;
  auth: Pick<Services['auth'], 'signInThroughSso'>;
  limiter: Pick<RateLimiter, 'consume'>;
};

/** A test's answer with nothing in it yet (waiting) or a failure's. */
const emptyResult = (status: 'waiting' | 'failed', protocol: 'oidc' | 'saml', error: SsoTestResult['error'] = null): SsoTestResult => ({
  status,
  protocol,
  subject: null,
  mapped: { email: null, givenName: null, familyName: null, jobTitle: null },
  domainCovered: false,
  claims: {},
  error,
});

/** Where the browser lands after the identity provider: the sign-in page with a one-time code or an error, or the owner's test. */
export type Landing = { path: string };

/**
 * A sign-in through a team's identity provider (docs/teams.md, "Single sign-on"; decision 0039):
 * start (the address picks the team by its proven domain), the provider's answer checked (oidc.ts,
 * saml.ts), the person found or made (just-in-time: a verified account that joins the team as an
 * accepted invitation does, card and seat included), and a one-time code the page exchanges for an
 * ordinary session in the browser that started (its binding cookie). A test sign-in of the owner
 * keeps what came back instead, and signs nobody in.
 */
export function createSsoFlow(deps: Deps) {
  const { db, oidc, saml, publicUrl, requests, people, teams, auth } = deps;
  const { clientOf, idpOf, spOf, connectionOf, teamOfEmail, begin, take } = requests;

  async function isCovered(teamId: string, email: string | null): Promise<boolean> {
    if (!email) return false;
    const [row] = await db
      .select({ id: ssoDomains.id })
      .from(ssoDomains)
      .where(and(eq(ssoDomains.teamId, teamId), eq(ssoDomains.domain, domainOf(email)), eq(ssoDomains.status, 'verified')));
    return Boolean(row);
  }

  /** What the provider vouched for, once checked: a test keeps it; a sign-in finds the person and hands the page a one-time code. */
  async function finish(
    row: RequestRow,
    c: Connection,
    answer: { subject: string; claims: Record<string, unknown> },
    origin: RequestOrigin,
  ): Promise<Landing> {
    const person = mapPerson(c.mapping, answer.claims, answer.subject);
    const covered = await isCovered(row.teamId, person.email);
    if (row.purpose === 'test') {
      const outcome: SsoTestResult = {
        status: 'succeeded',
        protocol: c.provider.protocol,
        subject: answer.subject,
        mapped: person,
        domainCovered: covered,
        claims: bounded(answer.claims),
        error: null,
      };
      await db.update(ssoRequests).set({ outcome }).where(eq(ssoRequests.id, row.id));
      return { path: `/user/equipo/sso?test=${row.id}` };
    }
    if (!person.email) throw new AppError('sso.email_missing');
    if (answer.claims.email_verified === false) throw new AppError('sso.email_unverified');
    if (!covered) throw new AppError('sso.domain_not_covered');
    const userId = await people.personOf(row.teamId, { ...person, email: person.email }, origin);
    const code = randomToken();
    await db
      .update(ssoRequests)
      .set({ outcome: { userId }, codeHash: sha256(code) })
      .where(eq(ssoRequests.id, row.id));
    return { path: `/?sso_code=${encodeURIComponent(code)}` };
  }

  /** A failure after the provider: a test keeps it (the owner reads it), a sign-in lands on the sign-in page with its code. */
  async function failed(row: RequestRow | null, error: unknown, locale: 'en' | 'es' | 'jp'): Promise<Landing> {
    const code = error instanceof AppError ? error.code : 'sso.response_invalid';
    if (row?.purpose === 'test') {
      const c = await connectionOf(row.teamId);
      const outcome = emptyResult('failed', c?.provider.protocol ?? 'oidc', { code, message: translate(locale, code) });
      await db.update(ssoRequests).set({ outcome }).where(eq(ssoRequests.id, row.id));
      return { path: `/user/equipo/sso?test=${row.id}` };
    }
    return { path: `/?sso_error=${encodeURIComponent(code)}` };
  }

  async function land(state: string | undefined, work: (row: RequestRow, c: Connection) => Promise<Landing>, locale: 'en' | 'es' | 'jp') {
    let row: RequestRow | null = null;
    try {
      row = await take(state);
      const c = await connectionOf(row.teamId);
      if (!c) throw new AppError('sso.not_configured');
      return await work(row, c);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return failed(row, error, locale);
    }
  }

  return {
    /** "Sign in with SSO": the identity provider of the team whose proven domain the address is in (404 `sso.not_configured` otherwise). */
    async start(email: string, origin: RequestOrigin) {
      // Each start writes a request row: 30 per address in 15 minutes, as many as a person retrying needs.
      await deps.limiter.consume([{ key: `sso-start:${origin.address ?? ''}`, max: 30, windowMs: 15 * 60_000 }]);
      const c = await teamOfEmail(email);
      if (!c) throw new AppError('sso.not_configured');
      const { url, browser } = await begin(c, 'sign_in', email);
      return { url, browser };
    },

    /** The owner's "Test sign-in": the same trip, whose answer is kept for `testResult`. */
    async startTest(actor: Actor) {
      const { team } = await teams.context.teamOf(actor, 'owner');
      const c = await connectionOf(team.id);
      if (!c) throw new AppError('sso.not_set_up');
      const { url, browser, requestId } = await begin(c, 'test');
      return { url, browser, id: requestId };
    },

    async testResult(actor: Actor, id: string): Promise<SsoTestResult> {
      const { team } = await teams.context.teamOf(actor, 'owner');
      await deps.requireAccess(actor, 'sso_test', id);
      const [row] = await db
        .select()
        .from(ssoRequests)
        .where(and(eq(ssoRequests.id, id), eq(ssoRequests.teamId, team.id), eq(ssoRequests.purpose, 'test')));
      const found = afterAccess(row);
      if (found.outcome) return found.outcome as SsoTestResult;
      return emptyResult('waiting', (await connectionOf(team.id))?.provider.protocol ?? 'oidc');
    },

    /** The OIDC provider's return to the redirect URI. */
    oidcCallback: (query: Record<string, string | undefined>, origin: RequestOrigin, locale: 'en' | 'es' | 'jp') =>
      land(
        query.state,
        async (row, c) => {
          if (query.error) throw new AppError('sso.provider_refused');
          const callback = new URL(serviceProviderOf(publicUrl, row.teamId).oidcRedirectUri);
          for (const [key, value] of Object.entries(query)) if (value !== undefined) callback.searchParams.set(key, value);
          const answer = await oidc.claims(clientOf(c), callback, {
            state: query.state!,
            nonce: row.nonce ?? '',
            codeVerifier: row.codeVerifier ?? '',
          });
          return finish(row, c, answer, origin);
        },
        locale,
      ),

    /** The SAML response POSTed to the ACS: checked against this request (InResponseTo), and its assertion used once. */
    samlAcs: (body: { SAMLResponse?: string; RelayState?: string }, origin: RequestOrigin, locale: 'en' | 'es' | 'jp') =>
      land(
        body.RelayState,
        async (row, c) => {
          if (!body.SAMLResponse) throw new AppError('sso.response_invalid');
          const checked = await saml.validate(
            idpOf(c),
            spOf(row.teamId),
            { SAMLResponse: body.SAMLResponse, RelayState: body.RelayState },
            row.samlRequestId ?? '',
          );
          const kept = await db
            .insert(ssoAssertions)
            .values({ teamId: row.teamId, assertionId: checked.assertion.id, expiresAt: checked.assertion.notOnOrAfter })
            .onConflictDoNothing()
            .returning();
          if (kept.length === 0) throw new AppError('sso.replayed');
          return finish(row, c, { subject: checked.subject, claims: checked.attributes }, origin);
        },
        locale,
      ),

    /** The page's exchange of the one-time code, in the browser that started (its cookie): an ordinary session. */
    async exchange(code: string, browser: string | undefined, origin: RequestOrigin) {
      const [row] = await db
        .delete(ssoRequests)
        .where(and(eq(ssoRequests.codeHash, sha256(code)), gt(ssoRequests.expiresAt, new Date())))
        .returning();
      const userId = (row?.outcome as { userId?: string } | null)?.userId;
      if (!row || !userId || !browser || row.browserHash !== sha256(browser)) throw new AppError('sso.exchange_invalid');
      return auth.signInThroughSso(userId, origin);
    },

    /** The service provider's SAML metadata of a team (its entity id is this address). */
    async samlMetadata(teamId: string): Promise<string> {
      const c = await connectionOf(teamId);
      if (!c) throw new AppError('request.not_found');
      return saml.metadata(spOf(teamId));
    },
  };
}

export type SsoFlow = ReturnType<typeof createSsoFlow>;
