import type { BrowserContext } from '@playwright/test';
import { E2E_BASE_URL } from '../../accounts.mjs';
import { COUNTRY_LOOKUP_PATH } from './accounts';

/** The app's own origin: the only one a page of the product may ask anything of. */
export const APP_ORIGIN = new URL(E2E_BASE_URL).origin;

/**
 * No page of the product makes the browser talk to anyone but the app: no visitor's or user's address
 * reaches a third party (a country lookup, a font or script host, an analytics beacon). Every request
 * of every page of the context (documents, scripts, styles, images, fonts, fetches) is recorded by
 * host; only the app's own origin (and in-page `data:`/`blob:` addresses) may appear. `foreign` names
 * each other one with the page that asked; `lookups` the origins the phone fields asked for the
 * visitor's country.
 */
export function recordRequests(context: BrowserContext): { foreign: string[]; lookups: string[] } {
  const foreign: string[] = [];
  const lookups: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === COUNTRY_LOOKUP_PATH) lookups.push(url.origin);
    if (url.protocol === 'data:' || url.protocol === 'blob:' || url.origin === APP_ORIGIN) return;
    foreign.push(`${url.origin} (${request.resourceType()} from ${new URL(request.frame().url() || APP_ORIGIN).pathname})`);
  });
  return { foreign, lookups };
}
