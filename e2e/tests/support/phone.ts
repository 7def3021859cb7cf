import type { Page, Route } from '@playwright/test';
import { COUNTRY_LOOKUP_PATH } from './accounts';

export type LookupAnswer = { body: string } | { abort: true };

/** Answers the IP-to-country lookup of the phone widget and counts the calls. */
export async function answerCountryLookup(page: Page, answer: LookupAnswer): Promise<{ calls: () => number }> {
  let calls = 0;
  await page.route(`**${COUNTRY_LOOKUP_PATH}*`, async (route: Route) => {
    calls += 1;
    if ('abort' in answer) await route.abort('failed');
    else await route.fulfill({ status: 200, contentType: 'text/plain; charset=utf-8', body: answer.body });
  });
  return { calls: () => calls };
}

/** Every console.error message of the page, as text. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
