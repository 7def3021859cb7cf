import { test } from '@playwright/test';
import { ROUTES } from '../tests/support/routes';
import { compareRoutes, storageFor, THEMES, WIDTHS } from './screens';

// The signed-out pages, after every signed-in screen (a visit to a public card shows on its owner's).
for (const theme of THEMES) {
  for (const width of WIDTHS) {
    test.describe(`${width} px, ${theme}`, () => {
      test.use({ colorScheme: theme, viewport: { width, height: 800 }, timezoneId: 'Europe/Madrid' });

      test(`guest screens look as reviewed at ${width} px, ${theme} theme`, async ({ browser }) => {
        test.setTimeout(30_000 + ROUTES.guest.length * 15_000);
        const context = await browser.newContext({ storageState: storageFor('guest', theme) });
        await compareRoutes(await context.newPage(), ROUTES.guest, { role: 'guest', theme, width });
        await context.close();
      });
    });
  }
}
