import { expect, test } from '@playwright/test';
import { startStripeStandIn, type StripeStandIn } from '../../apps/api/test/helpers/stripe-stand-in';
import { E2E_STRIPE_PORT } from '../accounts.mjs';
import { createUser } from './support/fixtures';
import { startProviderServer, type ProviderServer } from './support/provider-server';
import { routeStripe } from './support/stripe-js-stand-in';

// The app with PAYMENT_PROVIDER=stripe, on a server of this spec's own, pointed at the local stand-in
// of Stripe's API that the API tests use (it checks every request against Stripe's OpenAPI
// description). js.stripe.com cannot load here: the browser gets a stand-in of Stripe.js
// (support/stripe-js-stand-in.ts says what it implements and why).
test.describe.configure({ mode: 'serial', timeout: 90_000 });

let standIn: StripeStandIn;
let server: ProviderServer;

test.beforeAll(async () => {
  standIn = await startStripeStandIn();
  server = await startProviderServer(E2E_STRIPE_PORT, {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: standIn.secretKey,
    STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
    STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(standIn.port),
    STRIPE_API_PROTOCOL: 'http',
  });
});

test.afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

const CARD_NUMBER = '4242 4242 4242 4242';

test("with Stripe in test mode, a Free customer sees the test-mode banner, saves the 4242 card in Stripe's Payment Element (the number goes to Stripe, never to our server), buys Pro monthly with it and finds the invoice in Pagos", async ({
  browser,
  playwright,
}, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: server.url, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  const customer = await createUser(api, testInfo.workerIndex, { plan: 'free' }, server);
  await api.dispose();
  const context = await browser.newContext({ baseURL: server.url, storageState: customer.state });
  const stripe = await routeStripe(context, standIn.port);
  // Every request the browser makes to our server, whatever frame made it: URL and body.
  const toUs: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).origin === server.url) toUs.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`);
  });
  const page = await context.newPage();

  // Methods: Stripe's component, with the banner of test keys (pk_test_…).
  await page.goto('/user/methods');
  await expect(page.getByTestId('methods-empty')).toBeVisible();
  await expect(page.getByTestId('methods-add-sepa_debit')).toBeVisible();
  await page.getByTestId('methods-add-card').click();
  const form = page.getByTestId('stripe-setup');
  await expect(form.getByTestId('stripe-test-mode')).toHaveText(
    /^Test mode — no real money\. Use Stripe’s test cards \(4242 4242 4242 4242\)/,
  );
  // The number is typed in Stripe's frame (js.stripe.com), not in the page.
  await expect(page.getByTestId('methods-page').locator('input[autocomplete^="cc-"]')).toHaveCount(0);
  const element = page.frameLocator('iframe[title="Secure payment input frame"]');
  await element.getByLabel('Card number').fill(CARD_NUMBER);
  await element.getByLabel('Expiration date').fill('12 / 34');
  await element.getByLabel('Security code').fill('123');
  await form.getByTestId('method-save').click();
  await expect(page.getByTestId('method-4242')).toContainText('Visa •••• 4242');
  await expect(page.getByTestId('method-4242').getByTestId('method-default')).toBeVisible();

  // Plans: Pro monthly (9.00 + 21 % = 10.89) with the saved card; our server charges it at Stripe.
  await page.goto('/user/plans');
  await page.getByTestId('plans-period').getByText('Monthly').click();
  await page.getByTestId('plan-pro').getByTestId('plan-choose').click();
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog.getByTestId('pay-total')).toHaveText('€10.89');
  await expect(dialog.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
  await dialog.getByTestId('pay-confirm').click();
  await expect(page.getByTestId('plans-done')).toContainText('Pro is active');

  // Pagos: the payment, paid, with its invoice.
  await page.goto('/user/pagos');
  const rows = page.getByTestId('payment-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('€10.89');
  await expect(rows.first().getByTestId('payment-status')).toHaveText('Paid');
  await expect(rows.first().getByTestId('payment-invoice')).toHaveAttribute('aria-label', /^Invoice F\d{4}-\d{6} \(PDF\)$/);
  await context.close();

  // Stripe.js confirmed the SetupIntent from the browser with the publishable key; our server read it
  // and charged a PaymentIntent of 1089 cents with the secret key; Stripe's description refused nothing.
  expect(stripe.apiRequests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
    expect.stringMatching(/^\/v1\/setup_intents\/seti_\w+\/confirm$/),
  ]);
  expect(standIn.requests.filter((r) => r.caller === 'publishable' && r.method === 'POST')).toHaveLength(1);
  expect(standIn.paymentIntents().map((pi) => [pi.amount, pi.status])).toEqual([[1089, 'succeeded']]);
  expect(standIn.violations).toEqual([]);

  // The number never reached our server: not in any address or body the browser sent it, however
  // spaced or encoded (the setup's id is what our server got).
  expect(toUs.some((line) => line.startsWith('POST') && line.includes('/api/user/methods ') && line.includes('seti_'))).toBe(true);
  const digits = CARD_NUMBER.replace(/\s/g, '');
  for (const line of toUs)
    expect(decodeURIComponent(line.replace(/%(?![0-9A-F]{2})/gi, '%25')).replace(/[\s+-]/g, '')).not.toContain(digits);
});
