import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from '../accounts.mjs';
import { seedCoupons, seedScreenData } from './support/a11y-data';
import { formatViolations, seriousViolations } from './support/axe-report';
import { expect, test } from './support/fixtures';
import { recordRequests } from './support/foreign-requests';
import { SCHEME_KEY, settled, switchColorScheme, trackApiCalls } from './support/page-state';
import { followsSystemScheme, isServerRendered, resolveRoute, ROUTES, type RouteData } from './support/routes';
import { joinTeam, seedTeam } from './support/team-data';

type Theme = 'light' | 'dark';

/** Screens scanned a second time in another state (an open list…), after the plain scan. */
const OPENED: Record<string, { state: string; open: (page: Page) => Promise<void> }> = {
  '/admin/facturas': {
    state: 'record chain verified',
    open: async (page) => {
      await page.getByTestId('invoices-verify-chain').click();
      await expect(page.getByTestId('invoices-chain-result')).toBeVisible();
    },
  },
  '/user/plans': {
    state: 'pay dialog open',
    open: async (page) => {
      // The user is on Pro: the upgrade to Business opens the same dialog.
      await page.getByTestId('plan-business').getByTestId('plan-choose').click();
      await expect(page.getByTestId('pay-total')).toBeVisible();
    },
  },
  '/user/personalinformation': {
    state: 'country list open',
    open: async (page) => {
      await page.getByTestId('phone-country-button').first().click();
      // A search highlights its first match: the highlighted option once showed dimmed text on the filled colour.
      await page.getByTestId('phone-country-search').fill('Spa');
      await expect(page.locator('[data-testid="phone-country-list"] [data-combobox-selected]')).toBeVisible();
    },
  },
};

/**
 * Frames where no script may run (`sandbox` without `allow-scripts`: the template preview, a
 * message in Comunicaciones). axe cannot test inside them: no script of its own runs there (its
 * timers never fire; an axe run waiting on such a frame hung until the test's timeout). They are
 * left out of the scan; that each has a title (what axe's frame-title rule checks) is asserted here
 * instead.
 */
const SCRIPTLESS_FRAME = 'iframe[sandbox]:not([sandbox~="allow-scripts"])';

/**
 * axe-core with the WCAG 2.1 A and AA rules; a serious or critical violation is a (soft) failure,
 * printed readably. Run as `axe.run` inside the page (AxeBuilder's legacy mode): its default runs
 * `axe.finishRun` in a new blank page for every scan, twice as slow. The page's own frames are tested
 * either way; a cross-origin frame would not be in this mode, so none may be there (asserted).
 */
async function scan(page: Page, where: string): Promise<void> {
  // A dialog or menu still fading in is drawn half transparent: its text would be measured against a
  // blend of colours no one reads (a pay dialog's dimmed text once measured 4.24:1 mid-fade; it passes
  // at rest). Mantine animates with CSS transitions whatever the reduced-motion setting: wait for them
  // (endless ones, a loader's spin or a skeleton's pulse, never end and do not fade anything in).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const origin = new URL(page.url()).origin;
  const foreign = page
    .frames()
    .map((frame) => frame.url())
    // A frame that has not committed a navigation yet has no URL at all.
    .filter((url) => url !== '' && !url.startsWith('about:') && new URL(url).origin !== origin);
  expect.soft(foreign, `${where}: a cross-origin frame, which this scan cannot test`).toEqual([]);
  const results = await new AxeBuilder({ page })
    // Details of the violations only: the rules run the same, without describing every node that passed.
    // WCAG 2.5.3 (Label in Name), axe-core 4.13's experimental `label-content-name-mismatch`, stays
    // off for now: it still reports the mailbox's Inbox tab, whose name the component tests check
    // with apps/web/src/test/label-in-name.ts. Turn it on once that tab passes it.
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude(SCRIPTLESS_FRAME)
    .setLegacyMode()
    .analyze();
  const serious = seriousViolations(results.violations);
  expect.soft(serious.length, formatViolations(where, serious)).toBe(0);
  const untitled = await page
    .locator(SCRIPTLESS_FRAME)
    .evaluateAll((frames) => frames.filter((f) => !f.getAttribute('title')?.trim()).length);
  expect.soft(untitled, `${where}: a sandboxed frame without a title`).toBe(0);
}

/**
 * Turns an open SPA page to a theme without reloading it, as the header's switch does: the system
 * scheme and the stored choice, announced the way `applyColorScheme` announces it, so Mantine
 * redraws every component in the new scheme.
 */
async function switchTheme(page: Page, route: string, theme: Theme): Promise<void> {
  await switchColorScheme(page, theme);
  await expect(page.locator('html'), `${route} turned ${theme}`).toHaveAttribute('data-mantine-color-scheme', theme);
}

/** Loads the route in the theme the system scheme is emulating now, and waits for it to settle. */
async function load(page: Page, route: string, theme: Theme, inFlight: () => string[], data?: RouteData): Promise<void> {
  await page.goto(resolveRoute(route, data));
  await settled(page, inFlight);
  if (!followsSystemScheme(route)) await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
}

/**
 * Routes of a role in turn on one page, each loaded once and scanned in both themes (light as
 * loaded, then dark after the switch; a screen's opened state in dark, then light). A server-rendered
 * page is loaded again in dark: its scripts read the scheme once. A failing route is a soft failure,
 * so the run still reports every other route. Meanwhile every request of the page's context is
 * recorded: none may go to another host than the app's (support/foreign-requests.ts). Answers the
 * origins the phone fields asked for the visitor's country.
 */
async function scanRoutes(page: Page, routes: string[], data?: RouteData): Promise<string[]> {
  test.setTimeout(30_000 + routes.length * 30_000);
  const { foreign, lookups } = recordRequests(page.context());
  // Each new document starts in the system scheme, also as the SPA's stored choice (the app
  // follows the system scheme unless one was chosen).
  await page.addInitScript(
    ([key]) => window.localStorage.setItem(key!, window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'),
    [SCHEME_KEY],
  );
  const inFlight = trackApiCalls(page);
  for (const route of routes) {
    await test.step(route, async () => {
      await page.emulateMedia({ colorScheme: 'light' });
      await load(page, route, 'light', inFlight, data);
      await scan(page, `${route} (light)`);
      if (isServerRendered(route)) {
        await page.emulateMedia({ colorScheme: 'dark' });
        await load(page, route, 'dark', inFlight, data);
      } else {
        await switchTheme(page, route, 'dark');
      }
      await scan(page, `${route} (dark)`);
      const opened = OPENED[route];
      if (opened) {
        await opened.open(page);
        await scan(page, `${route}, ${opened.state} (dark)`);
        await switchTheme(page, route, 'light');
        await scan(page, `${route}, ${opened.state} (light)`);
      }
    });
  }
  expect.soft(foreign, 'requests to another host than the app').toEqual([]);
  return lookups;
}

/** A screen with a phone field, which asks the app for the visitor's country. */
const PHONE_ROUTE = '/user/personalinformation';

/**
 * The user's and the admin's routes in parts of about eight to ten: shorter tests that the two
 * workers share evenly (the admin's fifteen in one test were the last two minutes of the spec's run).
 */
const USER_PARTS = 4;
const ADMIN_PARTS = 2;
const inParts = (routes: string[], count: number) =>
  Array.from({ length: count }, (_, part) => routes.filter((_, i) => Math.floor((i * count) / routes.length) === part));

test.use({ colorScheme: 'light', reducedMotion: 'reduce' });

// One page per test, signed in as the role through its stored session (the user's own screens
// seeded first), every route of the role (or of a part of the user's) in turn, in both themes. The
// same loads show that no page asks another host than the app (they once had a spec of their own,
// which loaded every route again).
// The guest opens the public pages of a (signed-out) user's seeded card and tag.
/** A team alias of this test's own (aliases are one namespace across the run). */
const teamAlias = () => `team-${Date.now().toString(36)}-${test.info().workerIndex}`;
const server = { url: E2E_BASE_URL };

test('guest screens have no serious or critical WCAG 2.1 A/AA violation in light and dark themes and ask no other host', async ({
  page,
  request,
  user,
}) => {
  // The invitation's page, signed out, needs a team that invited someone.
  const invited = await seedTeam(request, { owner: user, alias: teamAlias(), server });
  await scanRoutes(page, ROUTES.guest, { ...(await seedScreenData(request, user)), ...invited });
});

test.describe(() => {
  test.use({ signedIn: 'user' });
  for (const routes of inParts(ROUTES.user, USER_PARTS)) {
    test(`user screens ${routes[0]} to ${routes.at(-1)} have no serious or critical WCAG 2.1 A/AA violation in light and dark themes and ask no other host`, async ({
      page,
      request,
      user,
    }) => {
      const lookups = await scanRoutes(page, routes, await seedScreenData(request, user));
      // Its phone field asks for the visitor's country: of the app itself (no other host, above).
      if (routes.includes(PHONE_ROUTE)) expect(lookups, `${PHONE_ROUTE} asked for the visitor's country`).not.toEqual([]);
    });
  }
});

// A team's screens: its owner's management, and a member's view and their card with the team's locks.
test.describe(() => {
  test.use({ signedIn: 'user' });
  type Fixtures = Parameters<Parameters<typeof test>[2]>[0];

  /** The signed-in user's team, with one invitation pending and a member who joined: both roles' route data. */
  async function teamWithMember({ request, user, users }: Pick<Fixtures, 'request' | 'user' | 'users'>) {
    const team = await seedTeam(request, { owner: user, alias: teamAlias(), server });
    const member = await users.create({ name: 'Marta Member' });
    return { member, data: { ...team, ...(await joinTeam(request, { owner: user, member, server })) } };
  }

  test("a team owner's screens have no serious or critical WCAG 2.1 A/AA violation in light and dark themes and ask no other host", async ({
    page,
    request,
    user,
    users,
  }) => {
    const { data } = await teamWithMember({ request, user, users });
    await scanRoutes(page, ROUTES.owner, data);
  });

  test("a team member's screens have no serious or critical WCAG 2.1 A/AA violation in light and dark themes and ask no other host", async ({
    browser,
    request,
    user,
    users,
  }) => {
    const { member, data } = await teamWithMember({ request, user, users });
    const context = await browser.newContext({ storageState: member.state });
    await scanRoutes(await context.newPage(), ROUTES.member, data);
    await context.close();
  });
});

test.describe(() => {
  test.use({ signedIn: 'admin' });
  for (const routes of inParts(ROUTES.admin, ADMIN_PARTS)) {
    test(`admin screens ${routes[0]} to ${routes.at(-1)} have no serious or critical WCAG 2.1 A/AA violation in light and dark themes and ask no other host`, async ({
      page,
      request,
      admin,
    }) => {
      // A coupon of this test's own (its codes are unique across the run), for the coupon's page.
      const coupons = routes.some((route) => route.includes('{coupon}'))
        ? await seedCoupons(request, admin.headers, `-${Date.now().toString(36).toUpperCase()}`)
        : {};
      await scanRoutes(page, routes, coupons);
    });
  }
});

test("the user's and the admin's routes are scanned whole, in parts", () => {
  expect(inParts(ROUTES.user, USER_PARTS).flat()).toEqual(ROUTES.user);
  expect(inParts(ROUTES.admin, ADMIN_PARTS).flat()).toEqual(ROUTES.admin);
  expect(ROUTES.user).toContain(PHONE_ROUTE);
});
