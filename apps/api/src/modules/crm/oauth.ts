import { createHash, randomBytes } from 'node:crypto';
import type { CrmProvider } from '@enlaza/contracts';
import type { CrmConfig, CrmVendorApp } from '../../config/crm-settings.js';
import { callVendor, VendorError } from './vendor-http.js';

/** The scopes asked: HubSpot's to upsert contacts and write and search their notes; Salesforce's API access with a refresh token. */
const HUBSPOT_SCOPES = 'oauth crm.objects.contacts.read crm.objects.contacts.write';
const SALESFORCE_SCOPES = 'api refresh_token';

/** Tokens as a vendor answers them, and the account they belong to. */
export type Grant = {
  accessToken: string;
  refreshToken: string;
  /** null: the vendor does not say (Salesforce: refreshed when a call is refused). */
  expiresAt: Date | null;
  accountId: string;
  accountName: string;
  instanceUrl: string | null;
};

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

type HubspotToken = { access_token: string; refresh_token: string; expires_in: number };
type SalesforceToken = { access_token: string; refresh_token?: string; instance_url: string; id: string };

/**
 * The OAuth 2 authorization code flow with each CRM (with PKCE: both accept `code_verifier`), the
 * refresh of an expired access token and the revocation at disconnect. Hosts come from the settings
 * (config/crm-settings.ts), so the tests point them at local stand-ins.
 */
export function createCrmOAuth(config: CrmConfig, fetch: typeof globalThis.fetch) {
  const appOf = (provider: CrmProvider): CrmVendorApp => config[provider].app;
  const requireApp = (provider: CrmProvider) => {
    const app = appOf(provider);
    if (!app) throw new Error(`${provider} has no client id and secret`);
    return app;
  };
  const hubspotAccount = async (token: HubspotToken): Promise<Grant> => {
    const info = await callVendor<{ hub_id: number; hub_domain?: string }>(fetch, {
      method: 'GET',
      url: `${config.hubspot.apiUrl}/oauth/v1/access-tokens/${encodeURIComponent(token.access_token)}`,
    });
    return {
      accessToken: token.access_token,
      refreshToken: token.refresh_token,
      expiresAt: new Date(Date.now() + token.expires_in * 1000),
      accountId: String(info.hub_id),
      accountName: info.hub_domain ?? `HubSpot ${info.hub_id}`,
      instanceUrl: null,
    };
  };
  const salesforceGrant = (token: SalesforceToken, refreshToken: string): Grant => ({
    accessToken: token.access_token,
    refreshToken,
    expiresAt: null,
    // The identity URL ends in /id/<organisation id>/<user id>.
    accountId: token.id.split('/').at(-2) ?? token.id,
    accountName: new URL(token.instance_url).host,
    instanceUrl: token.instance_url.replace(/\/+$/, ''),
  });
  const tokenUrl = (provider: CrmProvider) =>
    provider === 'hubspot' ? `${config.hubspot.apiUrl}/oauth/v1/token` : `${config.salesforce.loginUrl}/services/oauth2/token`;

  return {
    configured: (provider: CrmProvider) => appOf(provider) !== null,

    authorizeUrl(provider: CrmProvider, redirectUri: string, state: string, challenge: string): string {
      const app = requireApp(provider);
      const base = provider === 'hubspot' ? config.hubspot.authUrl : `${config.salesforce.loginUrl}/services/oauth2/authorize`;
      const url = new URL(base);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: app.clientId,
        redirect_uri: redirectUri,
        scope: provider === 'hubspot' ? HUBSPOT_SCOPES : SALESFORCE_SCOPES,
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    /** The code the vendor sent back, exchanged for tokens (and the account they are for). */
    async exchange(provider: CrmProvider, code: string, redirectUri: string, verifier: string): Promise<Grant> {
      const app = requireApp(provider);
      const form = {
        grant_type: 'authorization_code',
        client_id: app.clientId,
        client_secret: app.clientSecret,
        redirect_uri: redirectUri,
        code,
        code_verifier: verifier,
      };
      if (provider === 'hubspot')
        return hubspotAccount(await callVendor<HubspotToken>(fetch, { method: 'POST', url: tokenUrl(provider), form }));
      const token = await callVendor<SalesforceToken>(fetch, { method: 'POST', url: tokenUrl(provider), form });
      if (!token.refresh_token)
        throw new VendorError('Salesforce gave no refresh token (the connected app must allow the refresh_token scope)', 400, false);
      return salesforceGrant(token, token.refresh_token);
    },

    /** A new access token from the refresh token (HubSpot may also hand a new refresh token; Salesforce keeps the old one). */
    async refresh(
      provider: CrmProvider,
      refreshToken: string,
    ): Promise<Pick<Grant, 'accessToken' | 'refreshToken' | 'expiresAt' | 'instanceUrl'>> {
      const app = requireApp(provider);
      const form = { grant_type: 'refresh_token', client_id: app.clientId, client_secret: app.clientSecret, refresh_token: refreshToken };
      if (provider === 'hubspot') {
        const token = await callVendor<HubspotToken>(fetch, { method: 'POST', url: tokenUrl(provider), form });
        return {
          accessToken: token.access_token,
          refreshToken: token.refresh_token,
          expiresAt: new Date(Date.now() + token.expires_in * 1000),
          instanceUrl: null,
        };
      }
      const token = await callVendor<SalesforceToken>(fetch, { method: 'POST', url: tokenUrl(provider), form });
      const { accessToken, expiresAt, instanceUrl } = salesforceGrant(token, refreshToken);
      return { accessToken, refreshToken, expiresAt, instanceUrl };
    },

    /** Revokes the refresh token (and with it the access tokens); best effort: the connection is removed either way. */
    async revoke(provider: CrmProvider, refreshToken: string): Promise<void> {
      if (provider === 'hubspot')
        await callVendor(fetch, {
          method: 'DELETE',
          url: `${config.hubspot.apiUrl}/oauth/v1/refresh-tokens/${encodeURIComponent(refreshToken)}`,
        });
      else
        await callVendor(fetch, {
          method: 'POST',
          url: `${config.salesforce.loginUrl}/services/oauth2/revoke`,
          form: { token: refreshToken },
        });
    },
  };
}

export type CrmOAuth = ReturnType<typeof createCrmOAuth>;
