import { test } from '@playwright/test';
import { ROUTES } from '../tests/support/routes';
import { compareRoutes, japanesePage, SCAN_WIDTH, storageFor, THEMES, WIDTHS } from './screens';

// The signed-out pages, after every signed-in screen (a visit to a public card shows on its owner's).
for (const width of WIDTHS) {
  test.describe(`${width} px, ${THEMES.join(' and ')}`, () => {
    // The context starts in the first theme; compareRoutes turns the page to the other.
    test.use({ colorScheme: THEMES[0], viewport: { width, height: 800 }, timezoneId: 'Europe/Madrid' });

    const scanned = width === SCAN_WIDTH ? ' with no serious or critical WCAG 2.1 A/AA violation' : '';
    test(`guest screens look as reviewed at ${width} px, in ${THEMES.join(' and ')} themes${scanned}, and ask no other host`, async ({
      browser,
    }) => {
      test.setTimeout(30_000 + ROUTES.guest.length * (width === SCAN_WIDTH ? 35_000 : 25_000));
      const context = await browser.newContext({ storageState: storageFor('guest', THEMES[0]) });
      await compareRoutes(await context.newPage(), ROUTES.guest, { role: 'guest', width });
      await context.close();
    });
  });
}

/** "Sign in with SSO" in Spanish and Japanese too: its sentences must fit a phone (Japanese drawn by Debian's fonts-noto-cjk, as in signed-in.spec.ts). */
const TRANSLATED_ROUTES = ['/?sso=1'];
for (const width of WIDTHS) {
  test.describe(`${width} px, ${THEMES.join(' and ')}, in Spanish and Japanese`, () => {
    test.use({ colorScheme: THEMES[0], viewport: { width, height: 800 }, timezoneId: 'Europe/Madrid', locale: 'es-ES' });
    test(`the SSO sign-in looks as reviewed in Spanish at ${width} px`, async ({ browser }) => {
      const context = await browser.newContext({ storageState: storageFor('guest', THEMES[0], 'es') });
      await compareRoutes(await context.newPage(), TRANSLATED_ROUTES, { role: 'guest', width, language: 'es' });
      await context.close();
    });
    test(`the SSO sign-in looks as reviewed in Japanese at ${width} px`, async ({ launchOptions }) => {
      const { browser, page } = await japanesePage(launchOptions, 'guest', width);
      await compareRoutes(page, TRANSLATED_ROUTES, { role: 'guest', width, language: 'jp' });
      await browser.close();
    });
  });
}
