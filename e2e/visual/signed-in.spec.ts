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

/** Every role's routes, in each theme and width; each test one role's screens on one page. */
function describeScreens(roles: readonly Exclude<Role, 'guest'>[], what = '') {
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      test.describe(`${width} px, ${theme}${what}`, () => {
        test.use({ colorScheme: theme, viewport: { width, height: 800 }, timezoneId: 'Europe/Madrid' });

        for (const role of roles) {
          test(`${role} screens look as reviewed at ${width} px, ${theme} theme`, async ({ browser }) => {
            test.setTimeout(30_000 + ROUTES[role].length * 15_000);
            const context = await browser.newContext({ storageState: storageFor(role, theme) });
            await compareRoutes(await context.newPage(), ROUTES[role], { role, theme, width, opened: OPENED });
            await context.close();
          });
        }
      });
    }
  }
}

describeScreens(['user', 'admin']);
// The team's screens, as its owner and a member, declared after the others.
describeScreens(['owner', 'member'], ', a team');
