import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { domainOf } from './mapping.js';
import type { Oidc, OidcClient } from './oidc.js';
import type { Saml } from './saml.js';
import { ssoAssertions, ssoConnections, ssoDomains, ssoRequests } from './schema.js';
import { serviceProviderOf } from './urls.js';

export type Connection = typeof ssoConnections.$inferSelect;
export type RequestRow = typeof ssoRequests.$inferSelect;

const REQUEST_TTL_MS = 10 * 60_000;

/**
 * Sign-ins in flight (decision 0039): a request row per trip to the identity provider, for 10
 * minutes — only hashes of its state and of the browser's binding; the OIDC nonce and PKCE verifier,
 * or the SAML AuthnRequest's id — taken once when the provider answers. Expired rows (and used SAML
 * assertions past their NotOnOrAfter) are deleted as new trips start.
 */
export function createSsoRequests(deps: { db: Database; box: SecretBox; oidc: Oidc; saml: Saml; publicUrl: string }) {
  const { db, box, oidc, saml, publicUrl } = deps;
  const clientOf = (c: Connection): OidcClient => {
    if (c.provider.protocol !== 'oidc') throw new AppError('sso.response_invalid');
    return { issuer: c.provider.issuer, clientId: c.provider.clientId, clientSecret: box.open(c.clientSecretSealed ?? '') };
  };
  const idpOf = (c: Connection) => {
    if (c.provider.protocol !== 'saml') throw new AppError('sso.response_invalid');
    return c.provider;
  };
  const spOf = (teamId: string) => {
    const sp = serviceProviderOf(publicUrl, teamId);
    return { entityId: sp.samlEntityId, acsUrl: sp.samlAcsUrl };
  };

  const connectionOf = async (teamId: string) => (await db.select().from(ssoConnections).where(eq(ssoConnections.teamId, teamId)))[0];

  /** The team whose proven domain the address is in, with its provider; null when none covers it. */
  async function teamOfEmail(email: string): Promise<Connection | null> {
    const [row] = await db
      .select({ connection: ssoConnections })
      .from(ssoDomains)
      .innerJoin(ssoConnections, eq(ssoConnections.teamId, ssoDomains.teamId))
      .where(and(eq(ssoDomains.domain, domainOf(email)), eq(ssoDomains.status, 'verified')));
    return row?.connection ?? null;
  }

  /** A request in flight: the provider's URL, and the binding the browser keeps in a cookie. */
  async function begin(c: Connection, purpose: 'sign_in' | 'test', loginHint?: string) {
    const now = Date.now();
    await db.delete(ssoRequests).where(lt(ssoRequests.expiresAt, new Date(now)));
    await db.delete(ssoAssertions).where(lt(ssoAssertions.expiresAt, new Date(now)));
    const state = randomToken();
    const browser = randomToken();
    let url: string;
    let checks: Partial<Pick<RequestRow, 'nonce' | 'codeVerifier' | 'samlRequestId'>>;
    if (c.provider.protocol === 'oidc') {
      const sp = serviceProviderOf(publicUrl, c.teamId);
      const found = await oidc.authorizationUrl(clientOf(c), sp.oidcRedirectUri, state);
      url = loginHint ? `${found.url}&login_hint=${encodeURIComponent(loginHint)}` : found.url;
      checks = { nonce: found.nonce, codeVerifier: found.codeVerifier };
    } else {
      const found = await saml.authorizationUrl(idpOf(c), spOf(c.teamId), state);
      url = found.url;
      checks = { samlRequestId: found.requestId };
    }
    const [row] = await db
      .insert(ssoRequests)
      .values({
        teamId: c.teamId,
        purpose,
        stateHash: sha256(state),
        browserHash: sha256(browser),
        expiresAt: new Date(now + REQUEST_TTL_MS),
        ...checks,
      })
      .returning({ id: ssoRequests.id });
    return { url, browser, requestId: row!.id };
  }

  /** The request a state names, taken once (a second answer for it, a replay, finds none). */
  async function take(state: string | undefined): Promise<RequestRow> {
    if (!state || state.length > 200) throw new AppError('sso.request_unknown');
    const [row] = await db
      .update(ssoRequests)
      .set({ completedAt: new Date() })
      .where(and(eq(ssoRequests.stateHash, sha256(state)), isNull(ssoRequests.completedAt), gt(ssoRequests.expiresAt, new Date())))
      .returning();
    if (!row) throw new AppError('sso.request_unknown');
    return row;
  }

  return { clientOf, idpOf, spOf, connectionOf, teamOfEmail, begin, take };
}

export type SsoRequests = ReturnType<typeof createSsoRequests>;
