import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_BASE_URL } from '../accounts.mjs';
import { waitForLink } from './support/mailbox';
import { bearer, login } from './support/session';

// The admin moves the sandbox's test clock (TEST_CLOCK_ENABLED, set by start-server.mjs) past the
// renewal of a customer on Pro monthly: the renewal charges the saved card, issues an invoice
// (Facturas) and is recorded in the subscription's history (Suscripcions).
test.describe.configure({ timeout: 180_000 });

const stamp = Date.now().toString(36);
const customer = {
  name: 'Cliente Renueva',
  alias: `renueva-${stamp}`,
  email: `renueva-${stamp}@e2e.enlaza.test`,
  password: 'Clave-de-renovar-2026!',
};

/** A verified customer on Pro monthly, paid with the 4242 test card (through the API, as the screens do). */
async function subscribedCustomer(request: APIRequestContext, page: Page) {
  const types = (await (await request.get('/api/account-types')).json()) as { data: { id: string; code: string }[] };
  const registered = await request.post('/api/register', {
    data: {
      name: customer.name,
      alias: customer.alias,
      email: customer.email,
      password: customer.password,
      accountTypeId: types.data.find((t) => t.code === 'personal')?.id,
      acceptPolicy: true,
      locale: 'en',
    },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  // The emailed link is opened in the browser, as the customer would (its cookies are then cleared for the admin).
  const verified = await page.goto(await waitForLink(customer.email, `${E2E_BASE_URL}/register/verify/`));
  expect(verified?.status()).toBeLessThan(400);
  await expect(page.getByTestId('verify-result')).toHaveAttribute('data-state', 'success');
  await page.context().clearCookies();
  const signIn = await request.post('/api/login', {
    data: { email: customer.email, password: customer.password },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const headers = bearer(((await signIn.json()) as { data: { token: string } }).data.token);

  const card = await request.post('/api/user/methods', {
    headers,
    data: { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 5, cvc: '123', holder: customer.name },
  });
  expect(card.status(), await card.text()).toBe(200);
  const methodId = ((await card.json()) as { data: { id: string } }).data.id;
  const plans = (await (await request.get('/api/user/plans', { headers })).json()) as {
    data: { plans: { code: string; offers: { id: string; period: { code: string } }[] }[] };
  };
  const offerId = plans.data.plans.find((p) => p.code === 'pro')?.offers.find((o) => o.period.code === 'monthly')?.id;
  const paid = await request.post('/api/user/checkout', { headers, data: { offerId, methodId, idempotencyKey: `renewals-${stamp}` } });
  expect(paid.status(), await paid.text()).toBe(200);
}

test('the admin advances the test clock past a renewal, finds the new invoice in Facturas and the renewal in the subscription history', async ({
  page,
  request,
}) => {
  await subscribedCustomer(request, page);
  await login(page, 'admin');

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
