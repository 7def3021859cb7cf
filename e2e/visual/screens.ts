import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect, test, type APIRequestContext, type LaunchOptions, type Page } from '@playwright/test';
import { E2E_VISUAL_PORT, E2E_VISUAL_URL, VISUAL_BROWSER_TIME } from '../accounts.mjs';
import type { ScreenData } from '../tests/support/a11y-data';
import type { TeamScreenData } from '../tests/support/team-data';
import { scan } from '../tests/support/axe-report';
import { countsOfOneWithPluralNouns } from '../tests/support/counted-nouns';
import { recordRequests } from '../tests/support/foreign-requests';
import { SCHEME_KEY, settled, switchColorScheme, trackApiCalls } from '../tests/support/page-state';
import { MACHINE_DRAWN, textInMachineFonts, THEMES, WIDTHS } from '../tests/support/pictures';
import { followsSystemScheme, isServerRendered, resolveRoute, type Role } from '../tests/support/routes';

/**
 * Visual comparisons: every route of the spec, in light and dark, at 1280 and 360 px, compared with
 * its reviewed picture (e2e/visual/__screenshots__). They run on a server of their own whose clock
 * starts at a fixed time (start-server.mjs, E2E_FAKE_TIME), with the browser's clock fixed a few hours
 * later, after one seed (seed.setup.ts): the same dates, numbers and order in every run. What still
 * differs between runs is masked (`volatile`).
 */
/** The visual server's address in a run on the default E2E_PORT: the one the pictures show. */
const DEFAULT_VISUAL_HOST = '127.0.0.1:4321';

export { THEMES, WIDTHS };
export type Theme = (typeof THEMES)[number];

/** What the seed leaves for the screens: the seeded ids, the team's, and a session per signed-in role. */
export interface VisualData extends ScreenData {
  /** The admin's coupon with promotion codes (its page is /admin/cupones/{coupon}). */
  couponId: string;
  team: TeamScreenData;
  sessions: Record<Exclude<Role, 'guest'>, { token: string; user: unknown; datasuscription: unknown }>;
}

const DATA_FILE = join(import.meta.dirname, '..', '.artifacts', `visual-data-${E2E_VISUAL_PORT}.json`);

export const saveVisualData = (data: VisualData) => writeFileSync(DATA_FILE, JSON.stringify(data));
export const visualData = (): VisualData => JSON.parse(readFileSync(DATA_FILE, 'utf8')) as VisualData;

/** POST /api/login and what the sign-in page keeps of it. */
export async function signIn(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const { token, user } = ((await login.json()) as { data: { token: string; user: unknown } }).data;
  const subscription = await request.get('/api/datasuscription', { headers: { Authorization: `Bearer ${token}` } });
  return { token, user, datasuscription: subscription.ok() ? await subscription.json() : null };
}

/** The browser state of a signed-in role (the session keys the sign-in page stores) in `theme`, and in `language` when given (the header's choice). */
export function storageFor(role: Role, theme: Theme, language?: 'es' | 'jp') {
  const localStorage: { name: string; value: string }[] = [{ name: SCHEME_KEY, value: theme }];
  if (language) localStorage.push({ name: 'lang', value: language });
  if (role !== 'guest') {
    const { token, user, datasuscription } = visualData().sessions[role];
    localStorage.push(
      { name: 'access_token', value: token },
      { name: 'user', value: JSON.stringify(user) },
      { name: 'roll', value: (user as { roll: string }).roll },
    );
    if (datasuscription) localStorage.push({ name: 'datasuscription', value: JSON.stringify(datasuscription) });
  }
  return { cookies: [], origins: [{ origin: E2E_VISUAL_URL, localStorage }] };
}

/** `/user/perfiles/{card}?x=1` → `user-perfiles-card-x-1`: a picture's file name. */
const pictureName = (route: string) =>
  route
    .replace(/^\//, '')
    .replace(/[^a-z0-9{}]+/gi, '-')
    .replace(/[{}]/g, '')
    .replace(/-+$/, '') || 'root';

/**
 * The width whose screens are also scanned for accessibility, in both themes: axe-core's WCAG 2.1 A
 * and AA rules on the page as pictured (tests/support/axe-report.ts).
 */
export const SCAN_WIDTH = 1280;

/** A state a route is shown in a second time (a dialog open…), after its plain picture. */
export interface Opened {
  state: string;
  open: (page: Page) => Promise<void>;
  /** False: only scanned for accessibility (at SCAN_WIDTH), not pictured. */
  pictured?: boolean;
}

/**
 * What differs from run to run, painted over: QR codes (a video-call background's preview draws one
 * too) and public links (a card's id is made at random, and a short link's slug is taken from it),
 * the test clock's "now" (the server's clock moves a millisecond per reading), the invoice event
 * log's hashes (its times are written to the hour by `sameIds`) and a team member's last activity. A mask has
 * the size of what it covers, so the random ids are first written as one fixed id (`sameIds`): a
 * link's width, and with it the place of what follows it, no longer depends on the id's letters. A
 * sending domain's DKIM name and key are random too, each always as long.
 */
const volatile = (page: Page) => [
  page.getByTestId('profile-qr-image'),
  // A video-call background draws the card's QR code too.
  page.getByTestId('background-preview'),
  page.getByText(/\/link\/[a-z0-9-]+\/[0-9a-f]{8}-/),
  page.getByText(/\/link\/[a-z0-9-]+\/[0-9a-f]{12}(?![0-9a-f-])/),
  page.locator('input[value*="/link/"]'),
  page.getByTestId('test-clock-now'),
  // The event log's chain: each event's hash covers its real generation time.
  page.getByTestId('invoice-event-hash'),
  // When a team member's session was last used: it moves with every request of the run.
  page.getByTestId('member-last-seen'),
  // A sending domain's DKIM record: its selector and its key are made at random.
  page.locator(
    '[data-kind="dkim"] :is([data-testid="sending-record-name"], [data-testid="sending-record-value"], [data-testid="sending-record-card-name"], [data-testid="sending-record-card-value"])',
  ),
  page.locator(MACHINE_DRAWN),
];

/**
 * Every UUID shown on the page, in its text and its fields, written as the same fixed one, and the
 * server's own address as the default run's (a run on another E2E_PORT shows another port).
 */
async function sameIds(page: Page) {
  await page.evaluate(
    ({ fixedId, host, shownHost }) => {
      const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
      // A short share link's slug is the first 12 hex digits of the card's random id.
      const slug = /(\/link\/[a-z0-9-]+\/)[0-9a-f]{12}(?![0-9a-f-])/gi;
      const same = (text: string) =>
        text
          .replace(uuid, fixedId)
          .replace(slug, `$1${fixedId.replaceAll('-', '').slice(0, 12)}`)
          .replaceAll(host, shownHost);
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeValue && same(node.nodeValue) !== node.nodeValue) node.nodeValue = same(node.nodeValue);
      }
      for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
        if (same(field.value) !== field.value) field.value = same(field.value);
      }
      // The test clock's "now" moves with every reading (its width with its digits): one fixed text, then masked.
      for (const now of document.querySelectorAll('[data-testid="test-clock-now"]')) now.textContent = 'Mar 14, 2031, 9:00:00 AM';
      // The invoice event log's times to the hour: the server's start is recorded a minute or so after
      // the fixed clock's start, as many clock readings as the start makes (more modules, more readings).
      for (const log of document.querySelectorAll('[data-testid="invoices-events"]')) {
        const times = document.createTreeWalker(log, NodeFilter.SHOW_TEXT);
        for (let node = times.nextNode(); node; node = times.nextNode())
          if (node.nodeValue && /\d{4}, \d{1,2}:\d{2}(?!:)/.test(node.nodeValue))
            node.nodeValue = node.nodeValue.replace(/(\d{4}, \d{1,2}):\d{2}(?!:)/, '$1:00');
      }
    },
    { fixedId: '00000000-0000-4000-8000-000000000000', host: new URL(E2E_VISUAL_URL).host, shownHost: DEFAULT_VISUAL_HOST },
  );
}

/**
 * Opens each route in turn on one page, once, and compares its full-page picture in both themes at
 * one width. The open page is turned to the other theme the way the header's switch does (the system
 * scheme and Mantine's stored choice, announced by a `storage` event: Mantine redraws every
 * component); a server-rendered page is loaded again for it (its scripts read the scheme once). The
 * next route is loaded in the theme the last one ended in, so each route is pictured from that theme
 * to the other. The width stays that of the page: a page loaded at one width and resized to the other
 * is not always drawn as one loaded at that width (a card's preview is laid out when it loads). On a
 * phone the page must not scroll sideways either, in either theme. At SCAN_WIDTH each screen (and
 * each opened state, also those not pictured) is scanned with axe-core in both themes, as pictured:
 * the same loads serve both (the scans once had a spec of their own, which loaded every route once
 * more). Every request of the page's context is recorded: none may go to another host than the app
 * (support/foreign-requests.ts). No count of one may be said with a plural noun
 * (support/counted-nouns.ts). Answers the origins the phone fields asked for the visitor's
 * country. A route that differs, or fails a scan, is a soft failure, so one run reports them all.
 */
export async function compareRoutes(
  page: Page,
  routes: string[],
  { role, width, opened = {}, language }: { role: Role; width: number; opened?: Record<string, Opened>; language?: 'es' | 'jp' },
): Promise<{ lookups: string[] }> {
  await page.clock.setFixedTime(new Date(VISUAL_BROWSER_TIME));
  const data = visualData();
  const inFlight = trackApiCalls(page);
  const scanned = width === SCAN_WIDTH;
  const { foreign, lookups } = recordRequests(page.context(), new URL(E2E_VISUAL_URL).origin);
  // An error that stopped a screen is said as such, not only as a picture of the error page.
  page.on('pageerror', (error) => expect.soft(error.message, `an error on ${page.url()}`).toBe(''));
  // The page's context is made in the first theme (storageFor and the context's colorScheme).
  let current: Theme = THEMES[0];
  const compare = async (name: string, where: string, theme: Theme, pictured = true) => {
    // Fonts are part of the picture: wait until the page's have loaded.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    if (scanned) await scan(page, `${where} (${theme})`);
    // Every count shown to a person reads right: no "1 business cards" nor "1 of 1 recipients done".
    if (theme === THEMES[0])
      expect.soft(await countsOfOneWithPluralNouns(page), `${where}: a count of one said with a plural noun`).toEqual([]);
    if (!pictured) return;
    await sameIds(page);
    expect
      .soft(
        await textInMachineFonts(page, { japanese: language === 'jp' }),
        `${name} at ${width} px, ${theme}: text in the machine's fonts, not the app's`,
      )
      .toEqual([]);
    const picture = `${role}${language ? `-${language}` : ''}-${name}-${width}-${theme}.png`;
    await expect.soft(page).toHaveScreenshot(picture, { fullPage: true, mask: volatile(page) });
  };
  /** Turns the open page to `theme`, and checks what every picture needs. */
  const show = async (route: string, url: string, theme: Theme) => {
    if (theme !== current) {
      await switchColorScheme(page, theme);
      if (isServerRendered(route)) await page.goto(url);
      current = theme;
    }
    await settled(page, inFlight);
    if (!followsSystemScheme(route)) await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
    if (width === 360) {
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect.soft(scrollWidth, `${route} scrolls sideways on a phone (${theme})`).toBeLessThanOrEqual(360);
    }
  };
  /** Both themes, the page's own first. */
  const themes = () => (current === THEMES[0] ? THEMES : [...THEMES].reverse());
  for (const route of routes) {
    await test.step(route, async () => {
      const url = resolveRoute(route, { ...data, ...data.team });
      await page.goto(url);
      for (const theme of themes()) {
        await test.step(`${width} px, ${theme}`, async () => {
          await show(route, url, theme);
          await compare(pictureName(route), route, theme);
        });
      }
      const state = opened[route];
      if (state && (state.pictured !== false || scanned)) {
        await state.open(page);
        for (const theme of themes()) {
          await test.step(`${state.state}, ${width} px, ${theme}`, async () => {
            await show(route, url, theme);
            await compare(`${pictureName(route)}-${state.state}`, `${route}, ${state.state}`, theme, state.pictured !== false);
          });
        }
      }
    });
  }
  expect.soft(foreign, 'requests to another host than the app').toEqual([]);
  return { lookups };
}

const JAPANESE_FONTS = join(import.meta.dirname, 'japanese-fonts.conf');
const JAPANESE_FONT_DIR = '/usr/share/fonts/opentype/noto';

/**
 * A browser that sees only Debian's fonts-noto-cjk (decision 0019: Japanese is drawn by the system's
 * fonts, so the pictures hold on any machine with that package), and a Japanese page of `role` at
 * `width` in it. Close the browser after.
 */
export async function japanesePage(launchOptions: LaunchOptions, role: Role, width: number) {
  expect(existsSync(JAPANESE_FONT_DIR), `Debian's fonts-noto-cjk (${JAPANESE_FONT_DIR}): .ci/run installs it`).toBe(true);
  const browser = await chromium.launch({ ...launchOptions, env: { ...process.env, FONTCONFIG_FILE: JAPANESE_FONTS } });
  const context = await browser.newContext({
    storageState: storageFor(role, THEMES[0], 'jp'),
    baseURL: E2E_VISUAL_URL,
    colorScheme: THEMES[0],
    viewport: { width, height: 800 },
    timezoneId: 'Europe/Madrid',
    locale: 'ja-JP',
    reducedMotion: 'reduce',
  });
  return { browser, page: await context.newPage() };
}
