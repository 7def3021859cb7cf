import type { BrowserContext } from '@playwright/test';
import { COUNTRY_LOOKUP_PATH } from './accounts';

/**
 * No page of the product makes the browser talk to anyone but the app: no visitor's or user's address
 * reaches a third party (a country lookup, a font or script host, an analytics beacon). Every request
 * of every page of the context (documents, scripts, styles, images, fonts, fetches) is recorded by
 * host; only the app's own origin (and in-page `data:`/`blob:` addresses) may appear. `foreign` names
 * each other one with the page that asked; `lookups` the origins the phone fields asked for the
 * visitor's country. `origin` is the app's.
 */
export function recordRequests(context: BrowserContext, origin: string): { foreign: string[]; lookups: string[] } {
  const foreign: string[] = [];
  const lookups: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === COUNTRY_LOOKUP_PATH) lookups.push(url.origin);
    if (url.protocol === 'data:' || url.protocol === 'blob:' || url.origin === origin) return;
    foreign.push(`${url.origin} (${request.resourceType()} from ${new URL(request.frame().url() || origin).pathname})`);
  });
  return { foreign, lookups };
}
