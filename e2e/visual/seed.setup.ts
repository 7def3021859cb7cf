import { writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ACCOUNTS, VISUAL_CLOCK, fakeClockFile, fakeTimeSpec } from '../accounts.mjs';
import { seedScreenData } from '../tests/support/a11y-data';
import { saveVisualData, signIn } from './screens';

// The visual server's one seed, before any screen is opened: the demo user's cards, tag, files,
// messages, lists, payments, posts, template and campaign, as the accessibility scan seeds them.
test('seed the screens of the visual comparisons', async ({ request }) => {
  await rewindServerClock(request);
  const user = await signIn(request, E2E_ACCOUNTS.user.email, E2E_ACCOUNTS.user.password);
  const admin = await signIn(request, E2E_ACCOUNTS.admin.email, E2E_ACCOUNTS.admin.password);
  const headers = { Authorization: `Bearer ${user.token}`, 'X-Requested-With': 'XMLHttpRequest' };
  const me = (await (await request.get('/api/user', { headers })).json()) as { id: string; alias: string };
  const data = await seedScreenData(request, { headers, id: me.id, alias: me.alias });
  saveVisualData({ ...data, sessions: { user, admin } });
});

/**
 * The times the screens show are the seed's. The server's clock moved a millisecond per reading since
 * it started, and how many readings that was depends on the machine and on how long the server waited
 * for the tests to begin (minutes in a full run). So its clock is moved back by that much, to
 * VISUAL_CLOCK, before seeding: the dates are then the same to the minute in every run.
 */
async function rewindServerClock(request: APIRequestContext) {
  const start = Date.parse(VISUAL_CLOCK);
  // The HTTP Date header is the server's clock, to the second.
  const serverNow = async () => Date.parse((await request.get('/api/ready')).headers().date ?? '');
  const ran = (await serverNow()) - start;
  if (ran > 5_000) writeFileSync(fakeClockFile(), fakeTimeSpec(new Date(start - ran)));
  await expect
    .poll(async () => (await serverNow()) - start, { message: 'the visual server’s clock moved back to its start', timeout: 10_000 })
    .toBeLessThan(5_000);
}
