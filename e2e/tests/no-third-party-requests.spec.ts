import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from '../accounts.mjs';
import { seedScreenData } from './support/a11y-data';
import { COUNTRY_LOOKUP_PATH } from './support/accounts';
import { expect, test } from './support/fixtures';
import { settled, trackApiCalls } from './support/page-state';
import { resolveRoute, ROUTES, type RouteData } from './support/routes';
import { joinTeam, seedTeam } from './support/team-data';

/**
 * No page of the product makes the browser talk to anyone but the app: no visitor's or user's address
 * reaches a third party (a country lookup, a font or script host, an analytics beacon). Every request
 * of every page (documents, scripts, styles, images, fonts, fetches) is recorded by host while the
 * main routes load; only the app's own origin (and in-page `data:`/`blob:` addresses) may appear.
 */
const APP_ORIGIN = new URL(E2E_BASE_URL).origin;

function recordForeignRequests(page: Page): string[] {
  const foreign: string[] = [];
  page.context().on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || url.origin === APP_ORIGIN) return;
    foreign.push(`${url.origin} (${request.resourceType()} from ${new URL(request.frame().url() || APP_ORIGIN).pathname})`);
  });
  return foreign;
}

async function visit(page: Page, routes: string[], data?: RouteData): Promise<string[]> {
  test.setTimeout(30_000 + routes.length * 10_000);
  const foreign = recordForeignRequests(page);
  const inFlight = trackApiCalls(page);
  for (const route of routes) {
    await page.goto(resolveRoute(route, data));
    await settled(page, inFlight);
  }
  return foreign;
}

const teamAlias = () => `team-${Date.now().toString(36)}-${test.info().workerIndex}`;
const server = { url: E2E_BASE_URL };

test('the public pages request nothing from another host', async ({ page, request, user }) => {
  const invited = await seedTeam(request, { owner: user, alias: teamAlias(), server });
  const foreign = await visit(page, ROUTES.guest, { ...(await seedScreenData(request, user)), ...invited });
  expect(foreign).toEqual([]);
});

test.describe(() => {
  test.use({ signedIn: 'user' });
  test("a user's screens, a team member's card and the phone fields request nothing from another host", async ({
    page,
    request,
    user,
    users,
  }) => {
    const data = await seedScreenData(request, user);
    const team = await seedTeam(request, { owner: user, alias: teamAlias(), server });
    const member = await users.create({ name: 'Marta Member' });
    const joined = await joinTeam(request, { owner: user, member, server });
    // The phone inputs ask for the visitor's country: of the app itself.
    const lookups: string[] = [];
    page.on('request', (r) => void (new URL(r.url()).pathname === COUNTRY_LOOKUP_PATH && lookups.push(new URL(r.url()).origin)));
    const foreign = await visit(page, [...ROUTES.user, ...ROUTES.owner], { ...data, ...team, ...joined });
    expect(lookups.length).toBeGreaterThan(0);
    expect(new Set(lookups)).toEqual(new Set([APP_ORIGIN]));
    expect(foreign).toEqual([]);
  });
});

test.describe(() => {
  test.use({ signedIn: 'admin' });
  test("the admin's screens request nothing from another host", async ({ page }) => {
    expect(await visit(page, ROUTES.admin)).toEqual([]);
  });
});
