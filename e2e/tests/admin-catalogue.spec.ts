import type { Page } from '@playwright/test';
import { dataOf, expect, test } from './support/fixtures';

/** The visible table rows (the phone card list is hidden at desktop width). */
const rows = (page: Page) => page.getByTestId('data-row');

// The catalogue is shared by every user: these tests change only what they make themselves (named
// after the test), so the plans and offers other specs buy stay as seeded.
test.describe('admin catalogue', () => {
  test.use({ signedIn: 'admin' });
  // Several screens and saves per test: slow on a busy machine.
  test.describe.configure({ timeout: 120_000 });
  test('an admin creates a tax with a decimal rate, then an offer priced in euros with that tax', async ({ page }) => {
    const stamp = Date.now() % 1_000_000;
    const taxName = `Reduced ${stamp}`;
    await page.goto('/admin/impuestos');
    await page.getByTestId('catalogue-create').click();
    // Nothing typed: every name is refused next to its field, and nothing is sent.
    await page.getByTestId('catalogue-submit').click();
    await expect(page.getByTestId('catalogue-form')).toContainText('Enter the English name');
    await page.getByTestId('catalogue-name-en').fill(taxName);
    await page.getByTestId('catalogue-name-es').fill(`Reducido ${stamp}`);
    await page.getByTestId('catalogue-name-jp').fill(`軽減 ${stamp}`);
    await page.getByTestId('catalogue-field-rateBasisPoints').fill('10,555');
    await page.getByTestId('catalogue-submit').click();
    await expect(page.getByTestId('catalogue-form')).toContainText('at most two decimals');
    await page.getByTestId('catalogue-field-rateBasisPoints').fill('10.5');
    await page.getByTestId('catalogue-submit').click();
    await expect(page.getByTestId('notification-success')).toBeVisible();
    const taxRow = rows(page).filter({ hasText: taxName });
    await expect(taxRow).toContainText('10.5%');

    // A new period, so the offer is new too.
    await page.goto('/admin/tipo-suscripcions');
    await page.getByTestId('catalogue-create').click();
    await page.getByTestId('catalogue-field-code').fill(`q${stamp}`);
    await page.getByTestId('catalogue-name-en').fill(`Quarter ${stamp}`);
    await page.getByTestId('catalogue-name-es').fill(`Trimestre ${stamp}`);
    await page.getByTestId('catalogue-name-jp').fill(`四半期 ${stamp}`);
    await page.getByTestId('catalogue-field-months').fill('3');
    await page.getByTestId('catalogue-submit').click();
    await expect(rows(page).filter({ hasText: `Quarter ${stamp}` })).toHaveCount(1);

    await page.goto('/admin/suscripciones-disponibles');
    await page.getByTestId('catalogue-create').click();
    await page.getByTestId('catalogue-field-planId').selectOption({ label: 'Pro' });
    await page.getByTestId('catalogue-field-billingPeriodId').selectOption({ label: `Quarter ${stamp}` });
    await page.getByTestId('catalogue-field-priceCents').fill('24,90');
    await page.getByTestId('catalogue-field-taxId').selectOption({ label: `${taxName} (10.5%)` });
    await page.getByTestId('catalogue-submit').click();
    await expect(page.getByTestId('notification-success')).toBeVisible();
    const offer = rows(page).filter({ hasText: `Pro · Quarter ${stamp}` });
    await expect(offer).toContainText('€24.90');
    await expect(offer).toContainText(taxName);
    // Now in use by the offer, the tax offers no delete.
    await page.goto('/admin/impuestos');
    await expect(rows(page).filter({ hasText: taxName }).getByTestId('catalogue-delete')).toHaveCount(0);
  });

  test('a plan in use is deactivated, not deleted, and reactivated', async ({ page, request, admin }) => {
    // A plan of this test's own, in use by a (hidden) offer.
    const code = `team-${Date.now().toString(36)}`;
    const names = { en: `Team ${code}`, es: `Equipo ${code}`, jp: `チーム ${code}` };
    const limits = { maxProfiles: 20, maxTags: 20, storageBytes: 1024 ** 3, sendsPerMonth: 1000, sortOrder: 50 };
    const plan = await dataOf<{ id: string }>(
      await request.post('/api/admin/plans', { headers: admin.headers, data: { code, names, ...limits } }),
      201,
    );
    const periods = await dataOf<{ id: string; code: string }[]>(
      await request.get('/api/admin/billing-periods', { headers: admin.headers }),
    );
    const monthly = periods.find((period) => period.code === 'monthly')!;
    await dataOf(
      await request.post('/api/admin/offers', {
        headers: admin.headers,
        data: { planId: plan.id, billingPeriodId: monthly.id, accountTypeId: null, priceCents: 1500, taxId: null, visible: false },
      }),
      201,
    );

    await page.goto('/admin/planes');
    // An offer points at the plan: it can only be deactivated.
    const row = rows(page).filter({ hasText: code });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(row.getByTestId('catalogue-delete')).toHaveCount(0);
    await row.getByTestId('catalogue-deactivate').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await expect(row.getByTestId('catalogue-status')).toHaveText('Inactive');
    await page.getByTestId('catalogue-status-filter').getByText('Inactive').click();
    await expect(rows(page)).toHaveCount(1);
    await rows(page).getByTestId('catalogue-activate').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByTestId('catalogue-table-empty')).toBeVisible();
    // The change is in the admin history (its row follows the change's event, delivered by the job queue).
    await expect(async () => {
      await page.goto('/admin/historial');
      await expect(page.getByText('deactivated a catalogue item').first()).toBeVisible({ timeout: 2_000 });
    }).toPass();
  });

  test('every admin menu entry leads to a built screen: none says "Soon"', async ({ page }) => {
    await page.goto('/admin/planes');
    const nav = page.getByTestId('app-navigation-scroll');
    await expect(nav.getByRole('link', { name: /^Subscriptions/ })).toBeVisible();
    await expect(nav.getByTestId('nav-soon-badge')).toHaveCount(0);
  });
});
