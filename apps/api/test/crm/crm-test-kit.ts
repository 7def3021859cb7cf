import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../helpers/test-app.js';
import type { Signed } from '../helpers/teams.js';
import { HUBSPOT_CLIENT, startHubspotStandIn, type HubspotStandIn } from '../helpers/hubspot-stand-in.js';
import { SALESFORCE_CLIENT, startSalesforceStandIn, type SalesforceStandIn } from '../helpers/salesforce-stand-in.js';

/** The settings that point the app at the two stand-ins, with fast retries. */
export const crmEnv = (hubspot: HubspotStandIn, salesforce: SalesforceStandIn): Record<string, string> => ({
  HUBSPOT_CLIENT_ID: HUBSPOT_CLIENT.id,
  HUBSPOT_CLIENT_SECRET: HUBSPOT_CLIENT.secret,
  HUBSPOT_AUTH_URL: `${hubspot.url}/oauth/authorize`,
  HUBSPOT_API_URL: hubspot.url,
  HUBSPOT_APP_URL: 'https://app.hubspot.example',
  SALESFORCE_CLIENT_ID: SALESFORCE_CLIENT.id,
  SALESFORCE_CLIENT_SECRET: SALESFORCE_CLIENT.secret,
  SALESFORCE_LOGIN_URL: salesforce.url,
  CRM_RETRY_BASE_SECONDS: '0.05',
  CRM_MAX_ATTEMPTS: '5',
  CONTACT_LIMIT_PER_ADDRESS: '1000',
});

export function crmCalls(t: TestContext) {
  const call = (who: Signed, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, language = 'en') =>
    t.app.inject({ method, url, headers: { ...bearer(who.token), 'accept-language': language }, ...(payload ? { payload } : {}) });

  /** The fresh proof a sensitive change asks for. */
  const prove = async (who: Signed) => {
    const res = await call(who, 'POST', '/api/user/reauthenticate', { password: who.password });
    expect(res.statusCode, res.body).toBe(200);
  };

  /** Plays the browser: starts connecting, follows the vendor's consent page, hands the code back. */
  const begin = async (who: Signed, provider: 'hubspot' | 'salesforce', scope: 'user' | 'team' = 'user') => {
    await prove(who);
    const started = await call(who, 'POST', '/api/crm/connect', { provider, scope });
    expect(started.statusCode, started.body).toBe(200);
    const consent = await fetch(started.json<{ data: { authorizeUrl: string } }>().data.authorizeUrl, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    expect(back.pathname).toBe('/user/crm/callback');
    return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  };

  const connect = async (who: Signed, provider: 'hubspot' | 'salesforce', scope: 'user' | 'team' = 'user') => {
    const answer = await begin(who, provider, scope);
    const res = await call(who, 'POST', '/api/crm/callback', answer);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { id: string; provider: string; scope: string; accountName: string } }>().data;
  };

  type Sync = {
    status: string;
    attempts: number;
    lastError: string | null;
    lastStatus: number | null;
    recordUrl: string | null;
    senderEmail: string;
  };
  const syncs = async (who: Signed, connectionId: string) => {
    const res = await call(who, 'GET', `/api/crm/connections/${connectionId}/syncs`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Sync[] }>().data;
  };

  return { call, prove, begin, connect, syncs };
}

let visitor = 0;
/** A visitor's message on a card through the public form (consent and contact-field answers when given). */
export async function leadOnCard(
  t: TestContext,
  path: string,
  lead: { email: string; consent?: boolean; fields?: Record<string, string> },
) {
  visitor += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public${path}/messages`,
    payload: {
      name: 'Vera Visitor',
      email: lead.email,
      phone: '+34612345678',
      message: `Please call me back about the offer (${visitor})`,
      consent: lead.consent ?? false,
      fields: lead.fields ?? {},
    },
    remoteAddress: `198.51.100.${visitor % 250}`,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/**
 * A test file's app pointed at both stand-ins, started before its tests and closed after them; at
 * the end, every request the app made must have been one the vendors' descriptions accept.
 */
export function crmTestApp() {
  const c = {} as { t: TestContext; hubspot: HubspotStandIn; salesforce: SalesforceStandIn; kit: ReturnType<typeof crmCalls> };
  beforeAll(async () => {
    c.hubspot = await startHubspotStandIn();
    c.salesforce = await startSalesforceStandIn();
    c.t = await createTestApp(crmEnv(c.hubspot, c.salesforce));
    c.kit = crmCalls(c.t);
  });
  afterAll(async () => {
    await c.t?.close();
    await c.hubspot?.close();
    await c.salesforce?.close();
    expect([...c.hubspot.violations, ...c.salesforce.violations]).toEqual([]);
  });
  return c;
}
