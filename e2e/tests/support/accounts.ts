import { E2E_ACCOUNTS } from '../../accounts.mjs';

export interface Account {
  email: string;
  password: string;
  name: string;
}

/** The seeded accounts; start-server.mjs gives the same ones to the API. */
export const ADMIN: Account = E2E_ACCOUNTS.admin;
export const DEMO_USER: Account = E2E_ACCOUNTS.user;
export const COUNTRY_LOOKUP_PATH = '/api/country-lookup';
export const SESSION_KEYS = ['access_token', 'user', 'datasuscription', 'roll'] as const;
