import type { Locator, Page } from '@playwright/test';
import { dataOf, expect, test, type TestUser } from '../tests/support/fixtures';
import { settled, trackApiCalls } from '../tests/support/page-state';

/**
 * The signed-in screens at each width and theme: each must show its main content, and a phone
 * (360 px) must never scroll sideways. A full-page picture of each goes to the test's output
 * (test-results/) for a person to look at.
 */
const WIDTHS = [1280, 360] as const;
const THEMES = ['light', 'dark'] as const;

/** What the screens show: a draft campaign, and a visitor's message to the user's own card. */
interface ScreenData {
  user: TestUser;
  campaignId: string;
}

interface Screen {
  name: string;
  path: (data: ScreenData) => string;
  /** What must be visible once the screen is ready. */
  shows: (page: Page) => Locator;
}

const SCREENS: Screen[] = [
  { name: 'campaigns-list', path: () => '/user/campanas', shows: (page) => page.getByTestId('campaign-row').first() },
  { name: 'campaigns-form', path: () => '/user/campanas?edit=new', shows: (page) => page.getByTestId('audience-count') },
  { name: 'campaigns-detail', path: (d) => `/user/campanas?id=${d.campaignId}`, shows: (page) => page.getByTestId('campaign-detail') },
  { name: 'editor', path: (d) => `/user/perfiles/${d.user.profileId}`, shows: (page) => page.getByTestId('profile-form') },
  { name: 'mailbox', path: (d) => `/user/buzon/${d.user.profileId}`, shows: (page) => page.getByTestId('message-row').first() },
  { name: 'dashboard', path: () => '/user/dashboard', shows: (page) => page.getByTestId('user-dashboard') },
  { name: 'cloud', path: () => '/user/nube', shows: (page) => page.getByTestId('cloud-storage') },
];

test.use({ signedIn: 'user' });

for (const theme of THEMES) {
  for (const width of WIDTHS) {
    test.describe(() => {
      test.use({ colorScheme: theme, viewport: { width, height: 900 } });

      test(`signed-in screens at ${width} px, ${theme} theme`, async ({ page, request, user }, info) => {
        test.setTimeout(30_000 + SCREENS.length * 10_000);
        const campaign = await dataOf<{ id: string }>(
          await request.post('/api/campaigns', {
            headers: user.headers,
            data: { name: 'Spring newsletter', templateId: null, audience: { profileIds: [] } },
          }),
          201,
        );
        const message = await request.post(`/api/public/link/${user.alias}/${user.profileId}/messages`, {
          headers: { 'X-Requested-With': 'XMLHttpRequest' },
          data: { name: 'Marta Visitor', email: 'marta@e2e.enlaza.test', message: 'Hello, could we meet next week?', consent: true },
        });
        expect(message.status(), await message.text()).toBe(201);
        const data: ScreenData = { user, campaignId: campaign.id };

        const inFlight = trackApiCalls(page);
        for (const screen of SCREENS) {
          await test.step(screen.name, async () => {
            await page.goto(screen.path(data));
            await expect(screen.shows(page)).toBeVisible();
            await settled(page, inFlight);
            await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
            if (width === 360) {
              const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
              expect(scrollWidth, `${screen.name} scrolls sideways on a phone`).toBeLessThanOrEqual(360);
            }
            await page.screenshot({ path: info.outputPath(`${screen.name}-${width}-${theme}.png`), fullPage: true });
            // Visual comparisons of every route (toHaveScreenshot against reviewed baselines) belong here.
          });
        }
      });
    });
  }
}
