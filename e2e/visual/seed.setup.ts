import { writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ACCOUNTS, E2E_VISUAL_PORT, E2E_VISUAL_URL, VISUAL_CLOCK, fakeClockFile, fakeTimeSpec } from '../accounts.mjs';
import { seedCoupons, seedScreenData, seedSmtpRelays } from '../tests/support/a11y-data';
import { dataOf } from '../tests/support/fixtures';
import { waitForLink } from '../tests/support/mailbox';
import { joinTeam, seedTeam } from '../tests/support/team-data';
import { saveVisualData, signIn } from './screens';

/** The visual server's own mailbox (the port after its own). */
const server = { url: E2E_VISUAL_URL, mailbox: `http://127.0.0.1:${E2E_VISUAL_PORT + 1}` };

// The visual server's one seed, before any screen is opened: the demo user's cards, tag, files,
// messages, lists, payments, posts, template, campaign and sending domain, and the admin's coupons
// and SMTP servers, as the
// accessibility scan seeds them; and a team of two accounts of its own (its owner and a member), so
// the demo user's screens stay as they were.
test('seed the screens of the visual comparisons', async ({ request }) => {
  await rewindServerClock(request);
  const user = await signIn(request, E2E_ACCOUNTS.user.email, E2E_ACCOUNTS.user.password);
  const admin = await signIn(request, E2E_ACCOUNTS.admin.email, E2E_ACCOUNTS.admin.password);
  const headers = { Authorization: `Bearer ${user.token}`, 'X-Requested-With': 'XMLHttpRequest' };
  const me = (await (await request.get('/api/user', { headers })).json()) as { id: string; alias: string };
  const data = await seedScreenData(request, { headers, id: me.id, alias: me.alias });
  // The card seen as visitors see it, before any picture: its view page records this step, and the
  // dashboard's checklist would otherwise say "0 of 3" or "1 of 3" by which worker got there first.
  await dataOf(await request.post('/api/onboarding/steps', { headers, data: { step: 'preview', profileId: data.cardId } }));
  const adminHeaders = { Authorization: `Bearer ${admin.token}`, 'X-Requested-With': 'XMLHttpRequest' };
  const coupons = await seedCoupons(request, adminHeaders);
  await seedSmtpRelays(request, adminHeaders, E2E_ACCOUNTS.admin.password);
  const owner = await register(request, { name: 'Irene Owner', alias: 'irene-owner' });
  const member = await register(request, { name: 'Marta Member', alias: 'marta-member' });
  const invited = await seedTeam(request, { owner, alias: 'acme-studio', server });
  const joined = await joinTeam(request, { owner, member, server });
  await writeTo(request, `/api/public/link/acme-studio/${joined.teamCardId}/messages`, member.headers);
  saveVisualData({
    ...data,
    ...coupons,
    team: { ...invited, ...joined },
    sessions: { user, admin, owner: owner.session, member: member.session },
  });
});

/**
 * A visitor's message to a card (the team's figures chart it), waited for until its holder's
 * notification has come through the event queue: the bell shows the same count in every picture.
 */
async function writeTo(request: APIRequestContext, messagesPath: string, holder: Record<string, string>) {
  const notified = async () =>
    (await dataOf<{ type: string }[]>(await request.get('/api/notifications', { headers: holder }))).filter((n) => n.type === 'new_message')
      .length;
  const message = await request.post(messagesPath, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    // No consent: a confirmation email would count in the card holder's sends, which their screens show.
    data: { name: 'Pedro Visitor', email: 'pedro@e2e.enlaza.test', message: 'Could you send me a quote?', consent: false },
  });
  expect(message.status(), await message.text()).toBe(201);
  await expect.poll(notified, { intervals: [200] }).toBe(1);
}

/** A new account on the visual server: registered, confirmed from its email, signed in. */
async function register(request: APIRequestContext, who: { name: string; alias: string }) {
  const account = { ...who, email: `${who.alias}@e2e.enlaza.test`, password: 'Visual-team-Passw0rd!' };
  const types = await dataOf<{ id: string; code: string }[]>(await request.get('/api/account-types'));
  const accountTypeId = types.find((type) => type.code === 'personal')?.id;
  await dataOf(await request.post('/api/register', { data: { ...account, accountTypeId, acceptPolicy: true, locale: 'en' } }), 201);
  const link = await waitForLink(account.email, `${E2E_VISUAL_URL}/register/verify/`, { mailbox: server.mailbox });
  await dataOf(await request.post('/api/register/verify', { data: { code: link.split('/').pop() } }));
  const session = await signIn(request, account.email, account.password);
  return { ...account, session, headers: { Authorization: `Bearer ${session.token}`, 'X-Requested-With': 'XMLHttpRequest' } };
}

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
