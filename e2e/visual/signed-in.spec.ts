import { expect, test } from '@playwright/test';
import { ROUTES, type Role } from '../tests/support/routes';
import { compareRoutes, storageFor, THEMES, WIDTHS, type Opened } from './screens';

/** Dialogs whose components load with the route's chunk: a missing stylesheet shows there first. */
const OPENED: Record<string, Opened> = {
  '/user/muros?profile={card}': {
    state: 'new-post',
    open: async (page) => {
      await page.getByTestId('post-new').click();
      await expect(page.getByRole('dialog')).toBeVisible();
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

/**
 * Every role's routes at each width; each test one role's screens on one page, each route loaded once
 * and pictured in both themes.
 */
function describeScreens(roles: readonly Exclude<Role, 'guest'>[], what = '') {
  for (const width of WIDTHS) {
    test.describe(`${width} px, ${THEMES.join(' and ')}${what}`, () => {
      // The context starts in the first theme; compareRoutes turns the page to the other.
      test.use({ colorScheme: THEMES[0], viewport: { width, height: 800 }, timezoneId: 'Europe/Madrid' });

      for (const role of roles) {
        test(`${role} screens look as reviewed at ${width} px, in ${THEMES.join(' and ')} themes`, async ({ browser }) => {
          test.setTimeout(30_000 + ROUTES[role].length * 25_000);
          const context = await browser.newContext({ storageState: storageFor(role, THEMES[0]) });
          await compareRoutes(await context.newPage(), ROUTES[role], { role, width, opened: OPENED });
          await context.close();
        });
      }
    });
  }
}

describeScreens(['user', 'admin']);
// The team's screens, as its owner and a member, declared after the others.
describeScreens(['owner', 'member'], ', a team');
