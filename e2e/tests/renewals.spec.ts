import type { APIRequestContext } from '@playwright/test';
import { dataOf, expect, offerOf, saveTestCard, test, type TestUser } from './support/fixtures';

// The admin moves the sandbox's test clock (TEST_CLOCK_ENABLED, set by start-server.mjs) past the
// renewal of a customer on Pro monthly: the renewal charges the saved card, issues an invoice
// (Facturas) and is recorded in the subscription's history (Suscripcions). The clock is global: this
// spec runs alone, after every other (the `last` project of playwright.config.ts).
test.describe.configure({ timeout: 180_000 });
test.use({ signedIn: 'admin' });

/** A customer on Pro monthly, paid with the 4242 test card (through the API, as the screens do). */
async function subscribeMonthly(request: APIRequestContext, customer: TestUser) {
  const methodId = await saveTestCard(request, customer.headers);
  const offerId = await offerOf(request, customer.headers, 'pro', 'monthly');
  await dataOf(
    await request.post('/api/user/checkout', {
      headers: customer.headers,
      data: { offerId, methodId, idempotencyKey: `renewals-${customer.id}` },
    }),
  );
}

test('the admin advances the test clock past a renewal, finds the new invoice in Facturas and the renewal in the subscription history', async ({
  page,
  request,
  users,
}) => {
  const customer = await users.create({ plan: 'free' });
  await subscribeMonthly(request, customer);

  // Suscripcions: the customer's subscription, Pro monthly, active.
  await page.goto(`/admin/suscripcions?q=${encodeURIComponent(customer.email)}`);
  const table = page.getByTestId('subscriptions-table');
  await expect(table.getByText(customer.name).first()).toBeVisible();

  // The test clock card: advance 32 days (past the one-month renewal); the figures say what ran.
  const clock = page.getByTestId('test-clock-card');
  await expect(clock).toBeVisible();
  await clock.getByTestId('test-clock-days').fill('32');
  await clock.getByTestId('test-clock-advance').click();
  const result = clock.getByTestId('test-clock-result');
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result).not.toContainText(/Renewed\s*0(?!\d)/);

  // Facturas: two invoices for the customer now, the first payment's and the renewal's.
  await page.goto(`/admin/facturas?q=${encodeURIComponent(customer.email)}`);
  const invoices = page.getByTestId('invoices-table');
  // (The table also renders each row as a card for narrow screens, hidden here: count what is shown.)
  await expect(invoices.getByTestId('invoice-pdf').filter({ visible: true })).toHaveCount(2);

  // Suscripcions: the detail's history shows the renewal and its invoice; payments and invoices list both.
  await page.goto(`/admin/suscripcions?q=${encodeURIComponent(customer.email)}`);
  await table.getByTestId('subscription-open').first().click();
  const drawer = page.getByTestId('subscription-drawer');
  await expect(drawer.getByTestId('subscription-history')).toContainText('Renewed');
  await expect(
    drawer
      .getByTestId('subscription-invoices')
      .getByRole('button', { name: /PDF of/ })
      .filter({ visible: true }),
  ).toHaveCount(2);
  // Keyboard: Escape closes the drawer and the URL forgets it.
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/open=/);
});
