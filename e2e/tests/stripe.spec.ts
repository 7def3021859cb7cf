import { expect, test, type Browser, type Page, type PlaywrightWorkerArgs, type TestInfo } from '@playwright/test';
import { startStripeStandIn } from '../../apps/api/test/helpers/stripe-stand-in';
import { stripeAppEnv } from '../../apps/api/test/helpers/stripe-app';
import { E2E_STRIPE_PORT } from '../accounts.mjs';
import { adminOf, dataOf } from './support/fixtures';
import { pictureScreen } from './support/pictures';
import { customerOf, expectNumberNeverSent, useProviderServer } from './support/provider-server';
import { routeStripe } from './support/stripe-js-stand-in';

// The app with PAYMENT_PROVIDER=stripe, on a server of this spec's own, pointed at the local stand-in
// of Stripe's API that the API tests use (it checks every request against Stripe's OpenAPI
// description). js.stripe.com cannot load here: the browser gets a stand-in of Stripe.js
// (support/stripe-js-stand-in.ts says what it implements and why).
const provider = useProviderServer(E2E_STRIPE_PORT, startStripeStandIn, stripeAppEnv);

const CARD_NUMBER = '4242 4242 4242 4242';
/** Stripe's test card whose issuer asks for 3-D Secure on every setup and every payment. */
const AUTHENTICATE_ALWAYS = '4000 0027 6000 3184';

/** A new Free customer in a browser context of its own, with the Stripe.js stand-in routed. */
async function customerContext(browser: Browser, playwright: PlaywrightWorkerArgs['playwright'], testInfo: TestInfo) {
  let stripe: Awaited<ReturnType<typeof routeStripe>> | undefined;
  const who = { browser, playwright, workerIndex: testInfo.workerIndex, name: 'Ana García' };
  const made = await customerOf(provider.server, who, async (context) => {
    stripe = await routeStripe(context, provider.standIn);
  });
  return { ...made, stripe: stripe! };
}

/**
 * Stripe's Payment Element: a frame of js.stripe.com. In the pictures it is masked: what it draws
 * here is the stand-in's (support/stripe-js-stand-in.ts, in the machine's fonts), not Stripe's.
 */
const PAYMENT_ELEMENT = 'iframe[title="Secure payment input frame"]';
const paymentElement = (page: Page) => page.frameLocator(PAYMENT_ELEMENT);

/** Types a card into Stripe's Payment Element (its frame) and saves it. */
async function typeCard(page: Page, number: string) {
  const element = paymentElement(page);
  await element.getByLabel('Card number').fill(number);
  await element.getByLabel('Expiration date').fill('12 / 34');
  await element.getByLabel('Security code').fill('123');
  await page.getByTestId('stripe-setup').getByTestId('method-save').click();
}

/** Pro monthly (9.00 + 21 % = 10.89) with the saved method chosen: the pay dialog, up to "Pay". */
async function payProMonthly(page: Page, last4: string, method = 'Visa') {
  await page.goto('/user/plans');
  await page.getByTestId('plans-period').getByText('Monthly').click();
  await page.getByTestId('plan-pro').getByTestId('plan-choose').click();
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog.getByTestId('pay-total')).toHaveText('€10.89');
  await expect(dialog.getByRole('radio', { name: new RegExp(`${method} •••• ${last4}`) })).toBeChecked();
  await dialog.getByTestId('pay-confirm').click();
}

/** Pagos: the one payment, paid (or in another status), with its invoice. */
async function expectPaidWithInvoice(page: Page, status = 'Paid') {
  await page.goto('/user/pagos');
  const rows = page.getByTestId('payment-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('€10.89');
  await expect(rows.first().getByTestId('payment-status')).toHaveText(status);
  await expect(rows.first().getByTestId('payment-invoice')).toHaveAttribute('aria-label', /^Invoice F\d{4}-\d{6} \(PDF\)$/);
}

const paymentIntentsOf = (customerRef: string) =>
  provider.standIn
    .paymentIntents()
    .filter((pi) => pi.customer === customerRef)
    .map((pi) => [pi.amount, pi.status]);

test("with Stripe in test mode, a Free customer sees the test-mode banner, saves the 4242 card in Stripe's Payment Element (the number goes to Stripe, never to our server), buys Pro monthly with it and finds the invoice in Pagos", async ({
  browser,
  playwright,
}, testInfo) => {
  const { context, stripe, toUs, page } = await customerContext(browser, playwright, testInfo);

  // Methods: Stripe's component (cards and SEPA accounts), with the banner of test keys (pk_test_…).
  await page.goto('/user/methods');
  await expect(page.getByTestId('methods-empty')).toBeVisible();
  await expect(page.getByTestId('methods-add-sepa_debit')).toBeVisible();
  await page.getByTestId('methods-add-card').click();
  await expect(page.getByTestId('stripe-setup').getByTestId('stripe-test-mode')).toHaveText(
    /^Test mode — no real money\. Use Stripe’s test cards \(4242 4242 4242 4242\)/,
  );
  // The number is typed in Stripe's frame (js.stripe.com), not in the page.
  await expect(page.getByTestId('methods-page').locator('input[autocomplete^="cc-"]')).toHaveCount(0);
  await expect(paymentElement(page).getByLabel('Card number')).toBeVisible();
  await pictureScreen(page, 'stripe-methods-card', { mask: [page.locator(PAYMENT_ELEMENT)] });
  await typeCard(page, CARD_NUMBER);
  await expect(page.getByTestId('method-4242')).toContainText('Visa •••• 4242');
  await expect(page.getByTestId('method-4242').getByTestId('method-default')).toBeVisible();

  // Our provider.server charges the saved card at Stripe: paid at once.
  await payProMonthly(page, '4242');
  await expect(page.getByTestId('plans-done')).toContainText('Pro is active');
  await expectPaidWithInvoice(page);
  await context.close();

  // Stripe.js confirmed the SetupIntent from the browser with the publishable key (with a test
  // PaymentMethod, never a number); our server read it back and charged 1089 cents with the secret
  // key; Stripe's description refused nothing.
  const confirms = stripe.apiRequests.filter((r) => r.method === 'POST');
  expect(confirms.map((r) => r.path)).toEqual([expect.stringMatching(/^\/v1\/setup_intents\/seti_\w+\/confirm$/)]);
  expect(confirms[0]!.body).toContain('payment_method=pm_card_visa');
  const customerRef = provider.standIn.paymentIntents().at(-1)!.customer as string;
  expect(paymentIntentsOf(customerRef)).toEqual([[1089, 'succeeded']]);
  expect(provider.standIn.violations).toEqual([]);
  // What our server got was the setup's id; the number never came.
  expect(toUs.some((line) => line.startsWith('POST') && line.includes('/api/user/methods ') && line.includes('seti_'))).toBe(true);
  expectNumberNeverSent(toUs, CARD_NUMBER);
});

test("3-D Secure with Stripe: the card's issuer asks on the setup and on the payment; the customer completes Stripe's modal each time and Pro is paid once", async ({
  browser,
  playwright,
}, testInfo) => {
  const { context, stripe, toUs, page } = await customerContext(browser, playwright, testInfo);
  const issuerPage = page.frameLocator('iframe[title="3D Secure authentication"]');

  await page.goto('/user/methods');
  await page.getByTestId('methods-add-card').click();
  await typeCard(page, AUTHENTICATE_ALWAYS);
  await issuerPage.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByTestId('method-3184')).toContainText('Visa •••• 3184');

  // The payment waits for the customer (Stripe's requires_action): Stripe.js's handleNextAction opens
  // the modal; once completed, the dialog asks our server again with the same key, and it is paid.
  await payProMonthly(page, '3184');
  await expect(page.getByTestId('stripe-authentication')).toBeVisible();
  await issuerPage.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByTestId('plans-done')).toContainText('Pro is active');
  await expectPaidWithInvoice(page);
  await context.close();

  const customerRef = provider.standIn.paymentIntents().at(-1)!.customer as string;
  expect(paymentIntentsOf(customerRef)).toEqual([[1089, 'succeeded']]);
  // Stripe.js read the PaymentIntent after the modal with its client secret (the publishable key).
  expect(
    stripe.apiRequests.filter((r) => r.method === 'GET' && /^\/v1\/payment_intents\/pi_\w+$/.test(r.path)).map((r) => r.status),
  ).toEqual([200]);
  expect(provider.standIn.violations).toEqual([]);
  expectNumberNeverSent(toUs, AUTHENTICATE_ALWAYS);
});

/** Stripe's test IBAN whose debit settles (pm_sepaDebit in Stripe's documentation). */
const IBAN = 'DE89 3704 0044 0532 0130 00';

test("SEPA Direct Debit with Stripe: the customer reads and accepts the mandate naming the seller, types the IBAN in Stripe's Payment Element, buys Pro (processing, invoiced at once), and the debit's settlement days later comes as Stripe's webhook", async ({
  browser,
  playwright,
}, testInfo) => {
  const { context, stripe, toUs, page } = await customerContext(browser, playwright, testInfo);

  await page.goto('/user/methods');
  await page.getByTestId('methods-add-sepa_debit').click();
  // The SEPA Core mandate, in the customer's language, with the seller as the creditor; not accepted, nothing is saved.
  await expect(page.getByTestId('sepa-mandate-text')).toContainText(/you authorise \(A\) .+ and its payment service provider/);
  const element = paymentElement(page);
  await expect(element.getByLabel('IBAN')).toBeVisible();
  await pictureScreen(page, 'stripe-methods-sepa', { mask: [page.locator(PAYMENT_ELEMENT)] });
  await element.getByLabel('Full name').fill('Ana García');
  await element.getByLabel('IBAN').fill(IBAN);
  await page.getByTestId('stripe-setup').getByTestId('method-save').click();
  await expect(page.getByText('Accept the mandate to save the account.')).toBeVisible();
  expect(stripe.apiRequests.filter((r) => r.method === 'POST')).toEqual([]);

  await page.getByTestId('sepa-mandate-accept').check();
  await page.getByTestId('stripe-setup').getByTestId('method-save').click();
  await expect(page.getByTestId('method-3000')).toContainText('SEPA Direct Debit •••• 3000');

  // A debit takes days: Pro is active at once and invoiced (the debit is under way), the payment "Processing".
  await payProMonthly(page, '3000', 'SEPA Direct Debit');
  await expect(page.getByTestId('payment-processing')).toContainText('Your bank confirms it in a few days; your plan is active now.');
  await expectPaidWithInvoice(page, 'Processing');

  // The bank settles it; Stripe tells our server with a signed payment_intent.succeeded.
  const intent = provider.standIn.paymentIntents().at(-1)!;
  expect([intent.amount, intent.status]).toEqual([1089, 'processing']);
  const { payload, headers } = provider.standIn.webhookRequest(provider.standIn.settle(intent.id));
  const delivered = await fetch(`${provider.server.url}/api/payments/stripe/webhook`, { method: 'POST', headers, body: payload });
  expect(delivered.status).toBe(200);
  await expectPaidWithInvoice(page, 'Paid');
  await context.close();

  // The frame confirmed the SetupIntent with the test PaymentMethod and the browser's acceptance of the mandate.
  const confirms = stripe.apiRequests.filter((r) => r.method === 'POST');
  expect(confirms.map((r) => r.path)).toEqual([expect.stringMatching(/^\/v1\/setup_intents\/seti_\w+\/confirm$/)]);
  expect(new URLSearchParams(confirms[0]!.body).get('payment_method')).toBe('pm_sepaDebit');
  expect(new URLSearchParams(confirms[0]!.body).get('mandate_data[customer_acceptance][type]')).toBe('online');
  expect(provider.standIn.violations).toEqual([]);
  // Our server got the setup's id and the mandate accepted; the IBAN never came.
  expect(
    toUs.some((line) => line.includes('/api/user/methods ') && line.includes('seti_') && line.includes('"mandateAccepted":true')),
  ).toBe(true);
  expectNumberNeverSent(toUs, IBAN);
});

/** Delivers a stand-in event to our server's webhook, signed as Stripe signs it. */
async function deliver(event: Parameters<typeof provider.standIn.webhookRequest>[0]) {
  const { payload, headers } = provider.standIn.webhookRequest(event);
  const delivered = await fetch(`${provider.server.url}/api/payments/stripe/webhook`, { method: 'POST', headers, body: payload });
  expect(delivered.status).toBe(200);
}

test("a promotion code typed at checkout takes its discount off Pro; later a refund made in Stripe's Dashboard and the bank's dispute show in Pagos, on the payment's page and on the invoice in the admin's Facturas", async ({
  browser,
  playwright,
}, testInfo) => {
  // The admin's coupon: 50 % off the first payment, with the code LAUNCH50.
  const api = await playwright.request.newContext({
    baseURL: provider.server.url,
    extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const admin = await adminOf(api, provider.server);
  const coupon = await dataOf<{ id: string }>(
    await api.post('/api/admin/coupons', { headers: admin.headers, data: { name: 'Launch', percentOff: 50, duration: 'once' } }),
    201,
  );
  await dataOf(
    await api.post(`/api/admin/coupons/${coupon.id}/promotion-codes`, { headers: admin.headers, data: { code: 'LAUNCH50' } }),
    201,
  );
  await api.dispose();

  const { customer, context, page } = await customerContext(browser, playwright, testInfo);
  await page.goto('/user/methods');
  await page.getByTestId('methods-add-card').click();
  await typeCard(page, CARD_NUMBER);
  await expect(page.getByTestId('method-4242')).toBeVisible();

  // Pro monthly with the code: half of 9.00, plus 21 % VAT on what is left.
  await page.goto('/user/plans');
  await page.getByTestId('plans-period').getByText('Monthly').click();
  await page.getByTestId('plan-pro').getByTestId('plan-choose').click();
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog.getByTestId('pay-total')).toHaveText('€10.89');
  await dialog.getByTestId('promotion-code-open').click();
  await pictureScreen(page, 'stripe-plans-pay-promotion-code-field', { fullPage: false });
  await dialog.getByTestId('promotion-code-input').fill('launch50');
  await dialog.getByTestId('promotion-code-apply').click();
  await expect(dialog.getByTestId('promotion-code-applied')).toContainText('LAUNCH50');
  await expect(dialog.getByTestId('pay-total')).toHaveText('€5.45');
  await pictureScreen(page, 'stripe-plans-pay-promotion-code', { fullPage: false });
  await dialog.getByTestId('pay-confirm').click();
  await expect(page.getByTestId('plans-done')).toContainText('Pro is active');

  // In Stripe's Dashboard, 2.00 of it refunded; then the customer's bank disputes the payment.
  const intent = provider.standIn.paymentIntents().at(-1)!;
  expect([intent.amount, intent.status]).toEqual([545, 'succeeded']);
  await deliver(provider.standIn.refundInDashboard(intent.id, 200).event);
  await deliver(provider.standIn.openDispute(intent.id));

  // Pagos: the payment paid, disputed, with the refund and its credit note under the invoice.
  await page.goto('/user/pagos');
  const row = page.getByTestId('payment-row');
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId('payment-dispute')).toHaveText('Disputed by your bank', { timeout: 2_000 });
    await expect(row.getByTestId('payment-refunded-at-provider')).toHaveText('€2.00 refunded through the payment provider', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(row.getByTestId('payment-status')).toHaveText('Partly refunded');
  await expect(row.getByTestId('payment-credit-note')).toHaveText(/^Credit note .*2\.00/);
  await pictureScreen(page, 'stripe-user-pagos-refund-dispute');
  // The payment's own page says how much the bank disputes and where the dispute stands.
  const [payment] = await dataOf<{ id: string }[]>(await page.request.get('/api/user/pagos', { headers: customer.headers }));
  await page.goto(`/user/pagos/${payment!.id}`);
  await expect(page.getByTestId('payment-dispute-detail')).toContainText('€5.45');
  await pictureScreen(page, 'stripe-user-pagos-payment-dispute');
  await context.close();

  // The admin's Facturas: the customer's invoice, marked disputed, and the credit note of the refund.
  const adminContext = await browser.newContext({ baseURL: provider.server.url, storageState: admin.state });
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`/admin/facturas?q=${encodeURIComponent(customer.email)}`);
  const invoices = adminPage.getByTestId('invoices-table');
  await expect(invoices.getByTestId('invoice-dispute').filter({ visible: true })).toHaveText('Disputed: needs a response');
  // The customer's email (made per run) in its column and in the search field; the event log's hashes.
  await pictureScreen(adminPage, 'stripe-admin-facturas-dispute', {
    same: { [customer.email]: 'ana.garcia@e2e.enlaza.test' },
    mask: [
      adminPage.getByText('ana.garcia@e2e.enlaza.test'),
      adminPage.locator('input[name="q"], input[value*="@"]'),
      adminPage.getByTestId('invoice-event-hash'),
    ],
  });
  // The coupon's page: LAUNCH50 redeemed once, by this customer, for 4.50 off the invoice's base.
  await adminPage.goto(`/admin/cupones/${coupon.id}`);
  const redemption = adminPage.getByTestId('redemptions-table').getByTestId('data-row');
  await expect(redemption).toHaveCount(1);
  await expect(redemption).toContainText('LAUNCH50');
  await expect(redemption).toContainText('€4.50');
  await pictureScreen(adminPage, 'stripe-admin-cupones-redemption', {
    same: { [customer.email]: 'ana.garcia@e2e.enlaza.test' },
    mask: [adminPage.getByText('ana.garcia@e2e.enlaza.test')],
  });
  await adminContext.close();
});
