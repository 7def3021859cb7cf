import { adminOf, dataOf, expect, test, type AppServer } from './support/fixtures';
import { confirmConsent, emailsTo } from './support/mailbox';
import { E2E_BASE_URL, E2E_MAILBOX_URL } from '../accounts.mjs';

// The owner builds a welcome series on the screens; a visitor consents on the card, confirms by
// email, gets the welcome at once, opens it, and gets the second step when the test clock has moved
// two days. The clock is global: this spec runs after every other (the `last` project).
test.describe.configure({ timeout: 180_000 });
test.use({ signedIn: 'user' });

const server: AppServer = { url: E2E_BASE_URL, mailbox: E2E_MAILBOX_URL };

/** The newest email to `address` whose subject is `subject`, once it has arrived. */
async function emailTo(address: string, subject: string) {
  let found: Awaited<ReturnType<typeof emailsTo>>[number] | undefined;
  await expect
    .poll(async () => (found = (await emailsTo(address)).find((e) => e.subject === subject)) !== undefined, { timeout: 60_000 })
    .toBe(true);
  return found!;
}

test('a visitor who confirms gets the welcome at once and, having opened it, the next step two days later; the builder counts both', async ({
  page,
  request,
  user,
}) => {
  const { headers } = user;
  await dataOf(
    await request.put('/api/campaigns/sender', { headers, data: { name: 'Ana Owner', postalAddress: 'Calle Mayor 1, Madrid' } }),
  );
  for (const [name, subject] of [
    ['Welcome', 'Welcome, {{nombre}}'],
    ['Two days later', 'Still with us, {{nombre}}?'],
  ])
    await dataOf(
      await request.post('/api/templates', { headers, data: { name, subject, bodyHtml: `<p>${name} — hello {{nombre}}.</p>` } }),
      201,
    );

  // The list, then a new automation: its builder opens.
  await page.goto('/user/campanas/automatizaciones');
  await expect(page.getByTestId('automations-empty')).toBeVisible();
  await page.getByTestId('automations-empty-new').click();
  await page.getByTestId('automation-name').fill('Welcome series');
  await page.getByTestId('automation-form-submit').click();
  await expect(page.getByTestId('automation-page')).toBeVisible();
  await expect(page.getByTestId('automation-state')).toHaveText(/draft/i);

  // Step 1 at once; step 2 two days later, only to those who opened the first.
  await page.getByTestId('add-step').click();
  await page.getByTestId('step-form').getByTestId('step-template').selectOption({ label: 'Welcome' });
  await page.getByTestId('step-form').getByTestId('step-delay').fill('0');
  await page.getByTestId('step-form').getByTestId('step-form-submit').click();
  await expect(page.getByTestId('timeline-step')).toHaveCount(1);
  await page.getByTestId('add-step').click();
  await page.getByTestId('step-form').getByTestId('step-template').selectOption({ label: 'Two days later' });
  await page.getByTestId('step-form').getByTestId('step-delay').fill('2');
  await page.getByTestId('step-form').getByTestId('step-unit').selectOption('days');
  await expect(page.getByTestId('step-form').getByTestId('step-delay-preview')).toContainText('After 2 days');
  await page.getByTestId('step-form').getByTestId('step-condition').selectOption('opened');
  await page.getByTestId('step-form').getByTestId('step-form-submit').click();
  await expect(page.getByTestId('timeline-step')).toHaveCount(2);
  await expect(page.getByTestId('timeline-step').nth(1)).toContainText('After 2 days');
  await page.getByTestId('automation-activate').click();
  await expect(page.getByTestId('automation-state')).toHaveText(/active/i);

  // A visitor consents on the card and confirms the emailed link: the welcome comes at once.
  const visitor = `series-${Date.now().toString(36)}@e2e.enlaza.test`;
  const sent = await request.post(`/api/public/link/${user.alias}/${user.profileId}/messages`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { name: 'Vera', email: visitor, message: 'Keep me posted', consent: true },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await confirmConsent(visitor);
  const welcome = await emailTo(visitor, 'Welcome, Vera');
  // They open it (a browser fetches the open pixel).
  const pixel = /src="([^"]*\/api\/campaigns\/t\/o\/[^"]+)"/.exec(welcome.html)![1]!;
  const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  expect((await request.get(pixel.replace(/^https?:\/\/[^/]+/, ''), { headers: { 'user-agent': chrome } })).status()).toBe(200);

  // Two days later on the test clock, the second step.
  const admin = await adminOf(request, server);
  await dataOf(await request.post('/api/admin/test-clock/advance', { headers: admin.headers, data: { days: 2 } }));
  await emailTo(visitor, 'Still with us, Vera?');

  // The builder's figures: each step sent once, the first opened; the visitor has finished.
  await page.reload();
  const steps = page.getByTestId('timeline-step');
  await expect(steps.nth(0).getByTestId('step-figure-sent')).toContainText('1');
  await expect(steps.nth(0).getByTestId('step-figure-opened')).toContainText('1');
  await expect(steps.nth(1).getByTestId('step-figure-sent')).toContainText('1');
  await page.getByTestId('tab-people').click();
  await expect(page.getByTestId('automation-people')).toContainText(visitor);
  await expect(page.getByTestId('data-row').getByTestId('enrolment-state')).toHaveText(/finished/i);
});
