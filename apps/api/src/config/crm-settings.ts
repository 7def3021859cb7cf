import { z } from 'zod';
import { optionalString } from './env-values.js';

/** Leads into HubSpot and Salesforce (part of the API's settings, config.ts; docs/teams.md, "Leads into your CRM"). */
export const crmEnv = {
  /** The operator's HubSpot app (public app with OAuth): a CRM without its client id and secret cannot be connected. */
  HUBSPOT_CLIENT_ID: optionalString,
  HUBSPOT_CLIENT_SECRET: optionalString,
  /** Where HubSpot's consent page is (tests point it at a local stand-in). */
  HUBSPOT_AUTH_URL: z.url().default('https://app.hubspot.com/oauth/authorize'),
  /** HubSpot's API (OAuth tokens and CRM objects). */
  HUBSPOT_API_URL: z.url().default('https://api.hubapi.com'),
  /** Where a HubSpot record's page is: `<url>/contacts/<hub id>/record/0-1/<contact id>`. */
  HUBSPOT_APP_URL: z.url().default('https://app.hubspot.com'),
  /** The operator's Salesforce connected app (or external client app). */
  SALESFORCE_CLIENT_ID: optionalString,
  SALESFORCE_CLIENT_SECRET: optionalString,
  /** Salesforce's login host: its authorize, token and revoke endpoints (test.salesforce.com for sandboxes). */
  SALESFORCE_LOGIN_URL: z.url().default('https://login.salesforce.com'),
  /** The REST API version leads are written with. */
  SALESFORCE_API_VERSION: z
    .string()
    .regex(/^\d{2,3}\.0$/)
    .default('62.0'),
  /** Seconds before the first retry of a lead the CRM did not take (429, 5xx, network); each next one doubles. */
  CRM_RETRY_BASE_SECONDS: z.coerce.number().min(0.05).max(3600).default(30),
  /** Attempts of one lead before it is marked failed in the sync log. */
  CRM_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
};

export type CrmVendorApp = { clientId: string; clientSecret: string } | null;
export type CrmConfig = {
  hubspot: { app: CrmVendorApp; authUrl: string; apiUrl: string; appUrl: string };
  salesforce: { app: CrmVendorApp; loginUrl: string; apiVersion: string };
  retryBaseMs: number;
  maxAttempts: number;
};

type CrmEnv = { [K in keyof typeof crmEnv]: z.infer<(typeof crmEnv)[K]> };

const appOf = (id: string | undefined, secret: string | undefined): CrmVendorApp =>
  id && secret ? { clientId: id, clientSecret: secret } : null;
const trimmed = (url: string) => url.replace(/\/+$/, '');

export const crmOf = (e: CrmEnv): CrmConfig => ({
  hubspot: {
    app: appOf(e.HUBSPOT_CLIENT_ID, e.HUBSPOT_CLIENT_SECRET),
    authUrl: e.HUBSPOT_AUTH_URL,
    apiUrl: trimmed(e.HUBSPOT_API_URL),
    appUrl: trimmed(e.HUBSPOT_APP_URL),
  },
  salesforce: {
    app: appOf(e.SALESFORCE_CLIENT_ID, e.SALESFORCE_CLIENT_SECRET),
    loginUrl: trimmed(e.SALESFORCE_LOGIN_URL),
    apiVersion: e.SALESFORCE_API_VERSION,
  },
  retryBaseMs: Math.round(e.CRM_RETRY_BASE_SECONDS * 1000),
  maxAttempts: e.CRM_MAX_ATTEMPTS,
});
