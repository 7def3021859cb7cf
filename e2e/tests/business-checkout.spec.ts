import { expect, test, dataOf } from './support/fixtures';
import { emailsTo } from './support/mailbox';

// A Business account registers without a tax id; its first purchase asks for what the invoice needs.
test.describe.configure({ timeout: 120_000 });

test('a Business customer without a tax id upgrades in one dialog, receives the receipt with the invoice PDF, and after a full credit finds the plan ended and the credit note in Pagos', async ({
  browser,
  users,
  api,
  admin,
}) => {
  const buyer = await users.create({ plan: 'free', accountType: 'business' });
  const context = await browser.newContext({ storageState: buyer.state });
  const page = await context.newPage();

  // The plans page: Pro monthly opens the pay dialog, which asks for the tax id and address (the
  // invoice of a Business account names them) and for a payment method (none is saved yet).
  await page.goto('/user/plans');
  await page.getByTestId('plans-period').getByText('Monthly').click();
  await page.getByTestId('plan-pro').getByTestId('plan-choose').click();
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog.getByTestId('pay-billing-details')).toBeVisible();
  await expect(dialog.getByTestId('pay-no-method')).toBeVisible();
  await expect(dialog.getByTestId('pay-total')).toHaveText('€10.89');
  await expect(dialog.getByTestId('pay-confirm')).toBeDisabled();

  // A card, added in the dialog with the sandbox's picker (the provider's component; no number), is chosen at once.
  await dialog.getByTestId('methods-add-card').click();
  const adding = page.getByRole('dialog').getByTestId('sandbox-setup');
  await adding.getByTestId('sandbox-holder').fill(buyer.name);
  await adding.getByTestId('method-save').click();
  await expect(dialog.getByRole('radio', { name: /^Visa •••• 4242/ })).toBeChecked();

  // "Pay" with nothing typed: each missing field says so, nothing is charged.
  await dialog.getByTestId('pay-confirm').click();
  await expect(dialog.getByText('Enter your tax id.')).toBeVisible();
  await expect(dialog.getByTestId('pay-tax-id')).toBeFocused();

  await dialog.getByTestId('pay-tax-id').fill('B12345674');
  await dialog.getByTestId('billing-line1').fill('Calle Mayor 1');
  await dialog.getByTestId('billing-city').fill('Madrid');
  await dialog.getByTestId('billing-postalCode').fill('28013');
  await dialog.getByTestId('billing-country').fill('Spain');
  await page.getByRole('option', { name: /Spain/ }).click();
  // One click saves the details and pays (a Spanish company: IVA, the total unchanged).
  await dialog.getByTestId('pay-confirm').click();
  await expect(page.getByTestId('plans-done')).toContainText('Pro is active');

  // The invoice names the company: Pagos has it, and the receipt email carries its PDF.
  const [payment] = await dataOf<{ invoiceId: string; invoiceNumber: string }[]>(
    await api.get('/api/user/pagos', { headers: buyer.headers }),
  );
  expect(payment!.invoiceNumber).toMatch(/^F\d{4}-\d{6}$/);
  await expect
    .poll(async () => (await emailsTo(buyer.email)).flatMap((email) => email.attachments).map((file) => file.filename), { timeout: 20_000 })
    .toContain(`${payment!.invoiceNumber}.pdf`);
  const receipt = (await emailsTo(buyer.email)).find((email) => email.attachments.some((file) => file.filename.endsWith('.pdf')))!;
  const pdf = receipt.attachments.find((file) => file.filename === `${payment!.invoiceNumber}.pdf`)!;
  expect(pdf.contentType).toBe('application/pdf');
  expect(Buffer.from(pdf.base64, 'base64').subarray(0, 4).toString('latin1')).toBe('%PDF');
  expect(receipt.text).toContain(payment!.invoiceNumber);
  const details = await dataOf<{ taxId: string; missing: string[] }>(await api.get('/api/account/billing', { headers: buyer.headers }));
  expect(details).toMatchObject({ taxId: 'B12345674', missing: [] });

  // The admin credits the whole invoice: the plan it paid for ends now.
  const credited = await api.post(`/api/admin/invoices/${payment!.invoiceId}/credit-notes`, {
    headers: admin.headers,
    data: { reason: 'The customer asked to cancel' },
  });
  expect((await dataOf<{ serviceEnded: { when: string } | null }>(credited, 201)).serviceEnded?.when).toBe('now');

  // My plan is Free again; Pagos shows the refund and the credit note, which downloads as a PDF.
  await page.goto('/user/myplan');
  await expect(page.getByTestId('myplan-summary')).toContainText('Free');
  await page.goto('/user/pagos');
  const row = page.getByTestId('payment-row').first();
  await expect(row.getByTestId('payment-status')).toHaveText('Refunded');
  const note = row.getByTestId('payment-credit-note');
  await expect(note).toHaveText(/^Credit note [-−]€10\.89$/);
  const [download] = await Promise.all([page.waitForEvent('download'), note.click()]);
  expect(download.suggestedFilename()).toMatch(/^R\d{4}-\d{6}\.pdf$/);
  await context.close();
});
