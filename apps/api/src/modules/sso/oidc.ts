import * as client from 'openid-client';
import { AppError } from '../../lib/errors.js';

/** A loopback issuer (a provider on this machine: tests, a local Keycloak) may speak plain HTTP; any other must be HTTPS. */
export const isLoopbackHttp = (url: URL) =>
  url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]');

export type OidcClient = { issuer: string; clientId: string; clientSecret: string };

/**
 * The relying party (openid-client 6, certified by the OpenID Foundation): discovery from the issuer,
 * the authorization code flow with PKCE (S256), `state` and `nonce`, the ID token checked (signature,
 * issuer, audience, expiry, nonce) by the library, then the userinfo claims merged under the ID token's.
 * A discovered configuration is kept 10 minutes per issuer and client.
 */
export function createOidc(fetchImpl: typeof fetch) {
  const configs = new Map<string, { at: number; config: client.Configuration }>();

  async function configOf(c: OidcClient): Promise<client.Configuration> {
    const key = `${c.issuer}\n${c.clientId}\n${c.clientSecret}`;
    const hit = configs.get(key);
    if (hit && Date.now() - hit.at < 10 * 60_000) return hit.config;
    const issuer = new URL(c.issuer);
    let config: client.Configuration;
    try {
      config = await client.discovery(issuer, c.clientId, c.clientSecret, client.ClientSecretPost(c.clientSecret), {
        [client.customFetch]: fetchImpl,
        execute: isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : [],
        timeout: 10,
      });
    } catch {
      throw new AppError('sso.discovery_failed');
    }
    config[client.customFetch] = fetchImpl;
    if (configs.size > 500) configs.clear();
    configs.set(key, { at: Date.now(), config });
    return config;
  }

  return {
    /** Reads the issuer's discovery document now (a save checks it answers). */
    check: async (c: OidcClient) => void (await configOf(c)),

    /** Where the browser goes, with the checks to keep until it comes back. */
    async authorizationUrl(c: OidcClient, redirectUri: string, state: string) {
      const config = await configOf(c);
      const codeVerifier = client.randomPKCECodeVerifier();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, codeVerifier, nonce };
    },

    /** The code of the callback exchanged and checked; the claims, or `sso.response_invalid`. */
    async claims(
      c: OidcClient,
      callbackUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<{ subject: string; claims: Record<string, unknown> }> {
      const config = await configOf(c);
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new AppError('sso.response_invalid');
        const userinfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub).catch(() => ({}));
        return { subject: idToken.sub, claims: { ...userinfo, ...idToken } };
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('sso.response_invalid');
      }
    },
  };
}

export type Oidc = ReturnType<typeof createOidc>;
