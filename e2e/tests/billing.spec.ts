import { readFile } from 'node:fs/promises';
import { scan } from './support/axe-report';
import { expect, test } from './support/fixtures';
import { switchColorScheme } from './support/page-state';

// A new customer on the Free plan pays for Pro with the sandbox's test card.
test.describe.configure({ timeout: 120_000 });
test.use({ signedIn: 'user', userPlan: 'free' });

test('a Free user adds the 4242 test card with the sandbox picker (no number field anywhere, no number sent), is refused with a card without funds, upgrades to Pro monthly, gets the Pro quotas at once and downloads the invoice PDF from Pagos; the admin finds that invoice in Facturas and issues a credit note', async ({
  page,
  browser,
  user: customer,
  admin,
}) => {
  // Every body the browser sends to our API: none carries anything like a card number.
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/') && request.postData()) bodies.push(request.postData()!);
  });

  // Methods: the sandbox stands for the provider's page: a test-mode banner, the holder and a choice
  // of test cards; no input of the page takes a card number.
  await page.goto('/user/methods');
  await expect(page.getByTestId('methods-empty')).toBeVisible();
  await page.getByTestId('methods-add-card').click();
  const picker = page.getByTestId('sandbox-setup');
  await expect(picker.getByTestId('sandbox-banner')).toContainText('Test mode — no real money');
  const typed = page.getByTestId('methods-page').locator('input:not([type="radio"]):not([type="checkbox"]), textarea');
  await expect(typed).toHaveCount(1);
  await expect(typed).toHaveAttribute('data-testid', 'sandbox-holder');
  await expect(page.locator('[autocomplete^="cc-"], input[inputmode="numeric"]')).toHaveCount(0);
  await picker.getByTestId('method-save').click();
  await expect(picker.getByText('Enter the name on the card.')).toBeVisible();
  await picker.getByTestId('sandbox-holder').fill(customer.name);
  await picker.getByLabel('Visa ending 4242 — succeeds').check();
  await picker.getByTestId('method-save').click();
  await expect(page.getByTestId('method-4242')).toContainText('Visa •••• 4242 · 12/45');
  await expect(page.getByTestId('method-4242').getByTestId('method-default')).toBeVisible();
  // The sandbox's cards expire 12/2045.
  const card4242 = 'Visa •••• 4242 · 12/45';

  // Plans: Free is current; Pro monthly shows the price with tax (9.00 + 21 % = 10.89).
  await page.goto('/user/plans');
  await expect(page.getByTestId('plan-free').getByTestId('plan-current')).toBeVisible();
  await page.getByTestId('plans-period').getByText('Monthly').click();
  await expect(page.getByTestId('plan-pro').getByTestId('plan-price')).toContainText('€10.89');
  await page.getByTestId('plan-pro').getByTestId('plan-choose').click();
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog.getByTestId('pay-total')).toHaveText('€10.89');
  await expect(dialog.getByRole('radio', { name: card4242 })).toBeChecked();

  // First with a card without funds, added inside the dialog with the sandbox's picker and chosen at
  // once: "Pay" charges it; the reason is shown, the card stays saved and chosen, and nothing changes.
  await dialog.getByTestId('methods-add-card').click();
  const adding = page.getByRole('dialog').getByTestId('sandbox-setup');
  await adding.getByTestId('sandbox-holder').fill('Sin Fondos');
  await adding.getByLabel('Visa ending 9995 — saves; every charge fails for insufficient funds').check();
  await adding.getByTestId('method-save').click();
  await expect(dialog.getByRole('radio', { name: /9995/ })).toBeChecked();
  await dialog.getByTestId('pay-confirm').click();
  await expect(dialog.getByTestId('pay-error')).toContainText('insufficient funds');
  await expect(dialog.getByRole('radio', { name: /9995/ })).toBeChecked();
  await expect(page.getByTestId('plan-free').getByTestId('plan-current')).toBeAttached();

  // Then with the 4242 card.
  await dialog.getByRole('radio', { name: card4242 }).check();
  await dialog.getByTestId('pay-confirm').click();
  await expect(page.getByTestId('plans-done')).toContainText('Pro is active');
  await expect(page.getByTestId('plan-pro').getByTestId('plan-current')).toBeVisible();

  // The quota rose at once: the dashboard's plan card and the subscription data say Pro (10 cards).
  await page.goto('/user/dashboard');
  await expect(page.getByTestId('plan-name')).toHaveText('Pro');
  const stored = await page.evaluate(() => sessionStorage.getItem('datasuscription') ?? localStorage.getItem('datasuscription'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ plan: { code: 'pro' }, limits: { profiles: 10 } });

  // My plan: renews with the card; Pagos: the payment with its invoice link.
  await page.goto('/user/myplan');
  await expect(page.getByTestId('myplan-renews')).toContainText('Visa •••• 4242');
  // Cancelling asks first, with buttons that cannot be mistaken: keeping the plan changes nothing.
  await page.getByTestId('myplan-cancel').click();
  const confirm = page.getByRole('dialog', { name: 'Cancel your plan?' });
  await expect(confirm.getByTestId('confirm-submit')).toHaveText('Cancel plan');
  await confirm.getByRole('button', { name: 'Keep my plan' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('myplan-cancelled')).toHaveCount(0);
  await expect(page.getByTestId('myplan-cancel')).toBeVisible();
  await page.goto('/user/pagos');
  const rows = page.getByTestId('payment-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('€10.89');
  await expect(rows.first().getByTestId('payment-status')).toHaveText('Paid');
  await expect(rows.nth(1).getByTestId('payment-status')).toHaveText('Failed');
  await expect(rows.nth(1)).toContainText('insufficient funds');
  await expect(rows.nth(1).getByTestId('payment-invoice')).toHaveCount(0);

  // The invoice PDF of the payment: numbered in the F series of this year, a real PDF.
  const invoiceLink = rows.first().getByTestId('payment-invoice');
  const number = /Invoice (F\d{4}-\d{6}) \(PDF\)/.exec((await invoiceLink.getAttribute('aria-label')) ?? '')?.[1];
  expect(number).toMatch(new RegExp(`^F${new Date().getUTCFullYear()}-`));
  const [download] = await Promise.all([page.waitForEvent('download'), invoiceLink.click()]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

  // The admin finds the invoice in Facturas and credits it in full: a credit note in the R series.
  const adminContext = await browser.newContext({ storageState: admin.state });
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin/facturas');
  await adminPage.getByTestId('invoices-table').waitFor();
  await adminPage.getByTestId('invoices-filter-q').fill(number!);
  // The row is clicked in the filtered list: the unfiltered one (which holds it too) is replaced when that answer comes.
  const filtered = adminPage.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/admin/invoices' && new URL(response.url()).searchParams.get('q') === number,
  );
  await adminPage.getByTestId('invoices-filter-q').press('Enter');
  await filtered;
  const row = adminPage.getByTestId('invoices-table').getByRole('row').filter({ hasText: number! });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(customer.name);
  await expect(row).toContainText('€10.89');
  await row.getByTestId('invoice-credit').click();
  const credit = adminPage.getByTestId('credit-note-dialog');
  await credit.getByTestId('credit-reason').fill('The customer asked to cancel');
  await credit.getByTestId('credit-submit').click();
  await expect(adminPage.getByTestId('invoices-notice')).toContainText(/Credit note R\d{4}-\d{6} issued and refunded\./);
  // Everything credited: the plan it paid for ends (now, the dialog's default), and the notice says so.
  await expect(adminPage.getByTestId('invoices-notice')).toContainText('The plan it paid for has ended.');
  await expect(row.getByTestId('invoice-credit')).toHaveCount(0);
  // The record chain (the invoice and its credit note included) verifies.
  await adminPage.getByTestId('invoices-verify-chain').click();
  await expect(adminPage.getByTestId('invoices-chain-result')).toHaveText(/^The record chain is intact: [\d,]+ records? checked\.$/);
  // The result, scanned for accessibility in both themes here: a verification records an event that
  // the pictured Facturas would show, so the visual comparisons do not open this state.
  for (const theme of ['light', 'dark'] as const) {
    await switchColorScheme(adminPage, theme);
    await scan(adminPage, `/admin/facturas, record chain verified (${theme})`);
  }
  await adminContext.close();

  // The customer's payment shows the refund.
  await page.reload();
  await expect(rows.first().getByTestId('payment-status')).toHaveText('Refunded');

  // No number ever went to our server: no body to /api carried 13 to 19 digits in a row.
  expect(bodies.length).toBeGreaterThan(3);
  expect(bodies.filter((body) => /\d{13,19}/.test(body))).toEqual([]);
});
