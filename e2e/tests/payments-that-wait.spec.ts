import { expect, saveTestCard, test } from './support/fixtures';

// Payments that wait for the customer: 3-D Secure (the sandbox's challenge stands for the card
// issuer's page) and SEPA Direct Debit (accepted now, settled by the bank days later).
test.describe.configure({ timeout: 120_000 });
test.use({ signedIn: 'user', userPlan: 'free' });

test('3-D Secure at checkout: a failed authentication charges nothing and says why; the same card authenticated makes Pro active', async ({
  page,
  request,
  user,
}) => {
  await saveTestCard(request, user.headers, 'sandbox_card_authenticate_always');
  await page.goto('/user/plans');
  await page.getByTestId('plans-period').getByText('Monthly').click();
  await page.getByTestId('plan-pro').getByTestId('plan-choose').click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('radio', { name: /^Visa •••• 3184/ })).toBeChecked();

  // The bank asks: failed on purpose, the payment is refused with the translated reason.
  await modal.getByTestId('pay-confirm').click();
  await expect(modal.getByTestId('sandbox-challenge')).toBeVisible();
  await modal.getByTestId('challenge-fail').click();
  await expect(modal.getByTestId('pay-error')).toContainText('authentication did not succeed');
  await expect(page.getByTestId('plan-free').getByTestId('plan-current')).toBeAttached();

  // Again, authenticated (with the keyboard): the request is repeated and the plan is active.
  await modal.getByTestId('pay-confirm').click();
  await modal.getByTestId('challenge-pass').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('plans-done')).toContainText('Pro is active');
  await expect(page.getByTestId('plan-pro').getByTestId('plan-current')).toBeVisible();

  await page.goto('/user/pagos');
  await expect(page.getByTestId('payment-row').first().getByTestId('payment-status')).toHaveText('Paid');
});

test('a bank account is saved only with its SEPA mandate accepted; an add-on paid by direct debit is active at once and processing in Pagos', async ({
  page,
}) => {
  await page.goto('/user/methods');
  await page.getByTestId('methods-add-sepa_debit').click();
  const form = page.getByTestId('sandbox-setup');
  await expect(form.getByTestId('sandbox-banner')).toBeVisible();
  await expect(form.getByTestId('sepa-mandate-text')).not.toBeEmpty();
  await expect(form.locator('input:not([type="radio"]):not([type="checkbox"])')).toHaveCount(1);
  await form.getByTestId('sandbox-holder').fill('Ana López');
  await form.getByLabel('SEPA account ending 3000 — settles after 3 business days').check();
  await form.getByTestId('method-save').click();
  await expect(form.getByText('Accept the mandate to save the account.')).toBeVisible();
  await expect(form.getByTestId('sepa-mandate-accept')).toBeFocused();
  await form.getByTestId('sepa-mandate-accept').check();
  await form.getByTestId('method-save').click();
  await expect(page.getByTestId('method-3000')).toContainText('SEPA Direct Debit •••• 3000');

  await page.goto('/user/paquetes');
  await page.getByTestId('addon-sends-1000').getByTestId('addon-buy').click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('radio', { name: 'SEPA Direct Debit •••• 3000' })).toBeChecked();
  await modal.getByTestId('pay-confirm').click();
  await expect(modal.getByTestId('payment-processing')).toContainText('your plan is active now');
  await modal.getByTestId('pay-processing-close').click();
  await expect(page.getByTestId('paquetes-done')).toContainText('Your bank confirms the debit in a few days.');
  await expect(page.getByTestId('paquetes-active')).toContainText('+1,000');

  await page.goto('/user/pagos');
  const row = page.getByTestId('payment-row').first();
  await expect(row.getByTestId('payment-status')).toHaveText('Processing');
  await expect(row).toContainText('SEPA Direct Debit •••• 3000');
});

test('a payment left waiting for authentication: Pagos links to its page, where the customer completes it; another address is not found', async ({
  page,
  request,
  user,
}) => {
  await saveTestCard(request, user.headers, 'sandbox_card_authenticate_always');
  await page.goto('/user/paquetes');
  await page.getByTestId('addon-sends-1000').getByTestId('addon-buy').click();
  const modal = page.getByRole('dialog');
  await modal.getByTestId('pay-confirm').click();
  await expect(modal.getByTestId('sandbox-challenge')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);

  await page.goto('/user/pagos');
  const row = page.getByTestId('payment-row').first();
  await expect(row.getByTestId('payment-status')).toHaveText('Needs your authentication');
  await row.getByTestId('payment-authenticate').click();
  await expect(page).toHaveURL(/\/user\/pagos\/[^/]+$/);
  const payment = page.getByTestId('payment-page');
  await expect(payment.getByTestId('payment-status')).toHaveText('Needs your authentication');
  await payment.getByTestId('challenge-pass').click();
  await expect(payment.getByTestId('payment-done')).toBeVisible();
  await expect(payment.getByTestId('payment-status')).toHaveText('Paid');

  await page.goto('/user/pagos/00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('not-found-page')).toBeVisible();
});
