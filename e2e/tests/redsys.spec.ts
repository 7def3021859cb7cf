import { expect, test, type Page } from '@playwright/test';
import { startRedsysStandIn } from '../../apps/api/test/helpers/redsys-stand-in';
import { E2E_REDSYS_PORT } from '../accounts.mjs';
import { pictureScreen } from './support/pictures';
import { customerOf, expectNumberNeverSent, useProviderServer } from './support/provider-server';

// The app with PAYMENT_PROVIDER=redsys (test environment), on a server of this spec's own, pointed at
// the local stand-in of Redsys that the API tests use (REDSYS_URL): its payment page is a real page
// the browser posts the signed form to and comes back from, and it verifies every signature. No
// script of Redsys runs in our pages, so nothing of Redsys' is stood in for in the browser.
// Bizum on, as the operator turns it on (REDSYS_BIZUM): offered for a purchase beside the saved cards.
const provider = useProviderServer(E2E_REDSYS_PORT, startRedsysStandIn, (standIn) => standIn.env({ REDSYS_BIZUM: 'true' }));

/** Redsys' test card whose issuer asks for EMV 3-D Secure: on the 0 € authentication and on a payment the customer makes. */
const CARD_NUMBER = '4918 0191 9988 3839';

/** On the stand-in's page (Redsys' origin): the customer passes the bank's challenge; Redsys sends the browser back to us. */
async function passChallenge(page: Page) {
  await expect(page.getByRole('heading', { name: 'Autenticación EMV3DS 2.2' })).toBeVisible();
  await page.getByRole('button', { name: 'Autenticar' }).click();
  await page.waitForURL((url) => url.origin === provider.server.url && url.pathname === '/user/methods/redsys');
}

test("with Redsys in test mode, a Free customer sees the test-mode banner, saves a card on Redsys' page, pays Pro there after the bank's challenge, comes back to our return page, and has Pro active and its invoice in Pagos", async ({
  browser,
  playwright,
}, testInfo) => {
  const who = { browser, playwright, workerIndex: testInfo.workerIndex, name: 'Ana García' };
  const { context, toUs, page } = await customerOf(provider.server, who);

  // Methods: cards only; the form that leaves for Redsys' page says it is test mode.
  await page.goto('/user/methods');
  await expect(page.getByTestId('methods-empty')).toBeVisible();
  await expect(page.getByTestId('methods-add-sepa_debit')).toHaveCount(0);
  await page.getByTestId('methods-add-card').click();
  const leave = page.getByTestId('redsys-page-form');
  await expect(leave.getByTestId('redsys-test-mode')).toHaveText(/^Test mode — no real money\. Use Redsys’ test cards/);
  await pictureScreen(page, 'redsys-methods-card');
  await leave.getByTestId('redsys-continue').click();

  // Redsys' page (the stand-in's origin, a top-level form post): the card is typed there.
  await page.waitForURL(`${provider.standIn.url}/sis/realizarPago`);
  await page.getByLabel('Tarjeta').fill(CARD_NUMBER);
  await page.getByLabel('Caducidad (AAMM)').fill('3412');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Pagar' }).click();
  await passChallenge(page);
  await expect(page.getByTestId('redsys-return-done')).toContainText('Visa •••• 3839');
  await page.getByRole('link', { name: 'Back to payment methods' }).click();
  await expect(page.getByTestId('method-3839')).toContainText('Visa •••• 3839 · 12/34');

  // Plans: Pro monthly with that card. The bank wants the customer to authenticate this payment
  // (Redsys answers 0195): the dialog sends the browser to Redsys' page again.
  await page.goto('/user/plans');
  await page.getByTestId('plans-period').getByText('Monthly').click();
  await page.getByTestId('plan-pro').getByTestId('plan-choose').click();
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog.getByTestId('pay-total')).toHaveText('€10.89');
  // Bizum is offered for a purchase, beside the saved card (the card chosen).
  await expect(dialog.getByTestId('pay-method-bizum')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Visa •••• 3839/ })).toBeChecked();
  await pictureScreen(page, 'redsys-plans-pay-bizum', { fullPage: false });
  await dialog.getByTestId('pay-confirm').click();
  const authenticate = page.getByRole('dialog').getByTestId('authentication-step');
  await expect(authenticate.getByTestId('redsys-continue')).toBeVisible();
  await pictureScreen(page, 'redsys-plans-pay-authentication', { fullPage: false });
  await authenticate.getByTestId('redsys-continue').click();
  await page.waitForURL(`${provider.standIn.url}/sis/realizarPago`);
  await passChallenge(page);
  await expect(page.getByTestId('redsys-return-done')).toHaveText(
    'Payment completed. Your purchase is active and its invoice is in Facturas.',
  );
  await pictureScreen(page, 'redsys-return-payment-done');

  // Redsys' notification completes the purchase on our server (a job): Pro active, then its invoice.
  await page.goto('/user/plans');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('plan-pro').getByTestId('plan-current')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.goto('/user/pagos');
  const rows = page.getByTestId('payment-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('€10.89');
  await expect(rows.first().getByTestId('payment-status')).toHaveText('Paid');
  await expect(rows.first().getByTestId('payment-invoice')).toHaveAttribute('aria-label', /^Invoice F\d{4}-\d{6} \(PDF\)$/);
  await context.close();

  // Redsys saw the 0 € authentication and the payment on its page (both authenticated), the REST
  // charge it answered 0195, and no signature it could not verify.
  expect(provider.standIn.operations.map((o) => [o.via, o.type, o.amount, o.response])).toEqual([
    ['page', '7', 0, '0000'],
    ['rest', '0', 1089, '0195'],
    ['page', '0', 1089, '0000'],
  ]);
  expect(provider.standIn.violations).toEqual([]);
  // The number was typed on Redsys' page only: no address or body the browser sent us carries it.
  expectNumberNeverSent(toUs, CARD_NUMBER);
  expect(toUs.some((line) => line.startsWith('POST') && line.includes('/api/payments/redsys/return '))).toBe(true);
});
