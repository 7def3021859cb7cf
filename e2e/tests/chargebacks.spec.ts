import { expect, test } from './support/fixtures';
import { pictureScreen } from './support/pictures';

// A chargeback the bank reports outside the gateway (Redsys' banks, the sandbox here): the admin
// records it on the customer's payment in Suscripcions, then the bank's decision; the customer's
// Pagos shows it and the credit note of the lost one.
test.describe.configure({ timeout: 120_000 });
test.use({ signedIn: 'admin' });

test('the admin records a bank’s chargeback on a payment, then closes it as lost: the customer’s Pagos shows it and its credit note', async ({
  page,
  browser,
  users,
}) => {
  const customer = await users.create({ plan: 'pro', name: 'Ana Chargeback' });
  await page.goto(`/admin/suscripcions?q=${encodeURIComponent(customer.email)}`);
  await page.getByTestId('subscriptions-table').getByTestId('subscription-open').first().click();
  const drawer = page.getByTestId('subscription-drawer');
  await drawer.getByTestId('chargeback-record').click();

  const form = page.getByTestId('chargeback-form');
  // Nothing typed for the reference: said at the field, nothing sent.
  await form.getByTestId('chargeback-submit').click();
  await expect(form.getByText("Type the bank's reference.")).toBeVisible();
  await form.getByTestId('chargeback-reference').fill('RET-2026-0042');
  await pictureScreen(page, 'admin-suscripcions-chargeback-dialog', {
    fullPage: false,
    dialog: form,
    same: { [customer.email]: 'ana@example.com' },
  });
  await form.getByTestId('chargeback-submit').click();
  await expect(form).toBeHidden();
  await expect(drawer.getByTestId('payment-dispute')).toContainText('Disputed: needs a response · fraudulent');

  await drawer.getByTestId('chargeback-lost').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('a credit note for');
  await confirm.getByTestId('confirm-submit').click();
  await expect(drawer.getByTestId('payment-dispute')).toContainText('Credit note');
  await expect(drawer.getByTestId('chargeback-lost')).toHaveCount(0);

  // The customer's own Pagos: the payment disputed by their bank, and the credit note.
  const context = await browser.newContext({ storageState: customer.state });
  const own = await context.newPage();
  await own.goto('/user/pagos');
  await expect(own.getByTestId('payment-row').first().getByTestId('payment-dispute')).toBeVisible();
  await context.close();
});
