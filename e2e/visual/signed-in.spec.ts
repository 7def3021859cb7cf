import { expect, test, type Page } from '@playwright/test';
import { ROUTES, type Role } from '../tests/support/routes';
import { compareRoutes, japanesePage, SCAN_WIDTH, storageFor, THEMES, WIDTHS, type Opened } from './screens';

/**
 * Dialogs whose components load with the route's chunk (a missing stylesheet shows there first), and
 * states scanned for accessibility.
 */
const OPENED: Record<string, Opened> = {
  '/user/muros?profile={card}': {
    state: 'new-post',
    open: async (page) => {
      await page.getByTestId('post-new').click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  // Scanned for accessibility only (its pictures would add nothing the others do not show).
  '/user/personalinformation': {
    state: 'country list open',
    pictured: false,
    open: async (page) => {
      await page.getByTestId('phone-country-button').first().click();
      // A search highlights its first match: the highlighted option once showed dimmed text on the filled colour.
      await page.getByTestId('phone-country-search').fill('Spa');
      await expect(page.locator('[data-testid="phone-country-list"] [data-combobox-selected]')).toBeVisible();
    },
  },
  '/user/plans': {
    state: 'pay',
    open: async (page) => {
      await page.getByTestId('plan-business').getByTestId('plan-choose').click();
      await expect(page.getByTestId('pay-total')).toBeVisible();
    },
  },
};

/** The seeded owner saved English as their language, which the app applies over the browser's: their saved one is answered as `language` here. */
async function speaking(page: Page, language: 'es' | 'jp'): Promise<Page> {
  await page.route('**/api/account/preferences', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { data: { locale: string } };
    await route.fulfill({ response, json: { ...body, data: { ...body.data, locale: language } } });
  });
  return page;
}

/** A screen with a phone field, which asks the app for the visitor's country. */
const PHONE_ROUTE = '/user/personalinformation';

/**
 * Every role's routes at each width; each test one role's screens on one page, each route loaded once
 * and pictured in both themes.
 */
function describeScreens(roles: readonly Exclude<Role, 'guest'>[], what = '') {
  for (const width of WIDTHS) {
    const scanned = width === SCAN_WIDTH ? ' with no serious or critical WCAG 2.1 A/AA violation' : '';
    test.describe(`${width} px, ${THEMES.join(' and ')}${what}`, () => {
      // The context starts in the first theme; compareRoutes turns the page to the other.
      test.use({ colorScheme: THEMES[0], viewport: { width, height: 800 }, timezoneId: 'Europe/Madrid' });

      for (const role of roles) {
        test(`${role} screens look as reviewed at ${width} px, in ${THEMES.join(' and ')} themes${scanned}, and ask no other host`, async ({
          browser,
        }) => {
          test.setTimeout(30_000 + ROUTES[role].length * (width === SCAN_WIDTH ? 35_000 : 25_000));
          const context = await browser.newContext({ storageState: storageFor(role, THEMES[0]) });
          const { lookups } = await compareRoutes(await context.newPage(), ROUTES[role], { role, width, opened: OPENED });
          // Its phone field asks for the visitor's country: of the app itself (no other host).
          if (ROUTES[role].includes(PHONE_ROUTE)) expect(lookups, `${PHONE_ROUTE} asked for the visitor's country`).not.toEqual([]);
          await context.close();
        });
      }
    });
  }
}

describeScreens(['user', 'admin']);
// The team's screens, as its owner and a member, declared after the others.
describeScreens(['owner', 'member'], ', a team');

/**
 * The money screens in Spanish and Japanese too: plans and checkout, the plan, add-ons, payments and
 * a payment waiting for 3-D Secure, where the longest words and amounts written the Spanish way
 * (1.234,56 €) and Japanese text, which breaks anywhere, must still fit a phone. Japanese is drawn
 * by the system's fonts (decision 0019): its browser sees only Debian's fonts-noto-cjk
 * (screens.ts's japanesePage), so the pictures hold on any machine that has that package.
 */
// And the CRM screen, whose Spanish and Japanese sentences about a CRM not set up must fit a phone too.
const SPANISH_ROUTES = ['/user/plans', '/user/myplan', '/user/paquetes', '/user/pagos', '/user/pagos/{payment}', '/user/crm'];
for (const width of WIDTHS) {
  const scanned = width === SCAN_WIDTH ? ' with no serious or critical WCAG 2.1 A/AA violation' : '';
  test.describe(`${width} px, ${THEMES.join(' and ')}, in Spanish`, () => {
    test.use({ colorScheme: THEMES[0], viewport: { width, height: 800 }, timezoneId: 'Europe/Madrid', locale: 'es-ES' });
    test(`the money screens look as reviewed in Spanish at ${width} px${scanned}`, async ({ browser }) => {
      test.setTimeout(30_000 + SPANISH_ROUTES.length * (width === SCAN_WIDTH ? 35_000 : 25_000));
      const context = await browser.newContext({ storageState: storageFor('user', THEMES[0], 'es') });
      await compareRoutes(await context.newPage(), SPANISH_ROUTES, {
        role: 'user',
        width,
        language: 'es',
        opened: { '/user/plans': OPENED['/user/plans']! },
      });
      await context.close();
    });
  });
  test.describe(`${width} px, ${THEMES.join(' and ')}, in Japanese`, () => {
    test(`the money screens look as reviewed in Japanese at ${width} px${scanned}`, async ({ launchOptions }) => {
      test.setTimeout(30_000 + SPANISH_ROUTES.length * (width === SCAN_WIDTH ? 35_000 : 25_000));
      const { browser, page } = await japanesePage(launchOptions, 'user', width);
      await compareRoutes(page, SPANISH_ROUTES, {
        role: 'user',
        width,
        language: 'jp',
        opened: { '/user/plans': OPENED['/user/plans']! },
      });
      await browser.close();
    });
  });
}

/** The team's SCIM screen in Spanish and Japanese too: the setup steps for Okta and Entra ID are long sentences that must fit a phone. */
const OWNER_TRANSLATED = ['/user/equipo/scim'];
for (const width of WIDTHS) {
  test.describe(`${width} px, ${THEMES.join(' and ')}, a team's SCIM screen in Spanish and Japanese`, () => {
    test.use({ colorScheme: THEMES[0], viewport: { width, height: 800 }, timezoneId: 'Europe/Madrid', locale: 'es-ES' });
    test(`the SCIM screen looks as reviewed in Spanish at ${width} px`, async ({ browser }) => {
      test.setTimeout(30_000 + OWNER_TRANSLATED.length * (width === SCAN_WIDTH ? 35_000 : 25_000));
      const context = await browser.newContext({ storageState: storageFor('owner', THEMES[0], 'es') });
      await compareRoutes(await speaking(await context.newPage(), 'es'), OWNER_TRANSLATED, { role: 'owner', width, language: 'es' });
      await context.close();
    });
    test(`the SCIM screen looks as reviewed in Japanese at ${width} px`, async ({ launchOptions }) => {
      test.setTimeout(30_000 + OWNER_TRANSLATED.length * (width === SCAN_WIDTH ? 35_000 : 25_000));
      const { browser, page } = await japanesePage(launchOptions, 'owner', width);
      await compareRoutes(await speaking(page, 'jp'), OWNER_TRANSLATED, { role: 'owner', width, language: 'jp' });
      await browser.close();
    });
  });
}
