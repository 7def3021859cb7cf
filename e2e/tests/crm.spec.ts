import type { Page } from '@playwright/test';
import { scan } from './support/axe-report';
import { expect, test } from './support/fixtures';

const CONNECTION = {
  id: '11111111-1111-4111-8111-111111111111',
  provider: 'hubspot',
  scope: 'user',
  accountName: 'acme-e2e.hubspot.com',
  status: 'connected',
  createdAt: '2031-03-14T09:00:00.000Z',
};
const SYNC = {
  messageId: '22222222-2222-4222-8222-222222222222',
  senderEmail: 'vera.visitor.with.a.long.address@visitor-e2e.example',
  nextAttemptAt: null,
  createdAt: '2031-03-14T10:00:00.000Z',
  updatedAt: '2031-03-14T10:00:01.000Z',
};
/** The sync log as the API answers it: one lead sent, one the CRM refused, one waiting for its retry. */
const SYNCS = [
  {
    ...SYNC,
    id: '33333333-3333-4333-8333-333333333333',
    status: 'succeeded',
    attempts: 1,
    lastError: null,
    lastStatus: null,
    recordUrl: 'https://app.hubspot.com/contacts/42/record/0-1/7',
  },
  {
    ...SYNC,
    id: '44444444-4444-4444-8444-444444444444',
    status: 'failed',
    attempts: 1,
    lastError:
      'VALIDATION_ERROR: Property values were not valid: [{"isValid":false,"message":"phone is not a valid phone number","error":"INVALID_PHONE"}]',
    lastStatus: 400,
    recordUrl: null,
  },
  {
    ...SYNC,
    id: '55555555-5555-4555-8555-555555555555',
    status: 'pending',
    attempts: 2,
    lastError: 'You have reached your secondly limit.',
    lastStatus: 429,
    nextAttemptAt: '2031-03-14T10:05:00.000Z',
    recordUrl: null,
  },
];

/** A HubSpot connection and its log answered as the API would (the e2e server has no CRM to connect to). */
const withConnection = async (page: Page) => {
  await page.route('**/api/crm', (route) =>
    route.fulfill({
      json: {
        ok: 1,
        data: {
          providers: [
            { provider: 'hubspot', configured: true },
            { provider: 'salesforce', configured: false },
          ],
          connections: [CONNECTION],
          teamOwner: false,
        },
      },
    }),
  );
  await page.route(`**/api/crm/connections/${CONNECTION.id}/syncs`, (route) => route.fulfill({ json: { ok: 1, data: SYNCS } }));
};

test.describe('CRM connections', () => {
  test.use({ signedIn: 'user' });

  test('as this server is set up: HubSpot can be connected, Salesforce says it is not set up, with no button', async ({ page }) => {
    await page.goto('/user/crm');
    await expect(page.getByTestId('crm-user-hubspot').getByRole('button', { name: 'Connect HubSpot' })).toBeVisible();
    await expect(page.getByTestId('crm-user-salesforce').getByTestId('crm-not-configured')).toContainText(
      'Salesforce is not set up on this server',
    );
    await expect(page.getByTestId('crm-user-salesforce').getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('crm-webhooks-note').getByRole('link', { name: 'webhook' })).toHaveAttribute('href', '/user/webhooks');
  });

  test('a connection’s sync log by keyboard: statuses, the CRM’s refusal in its words, links; no sideways scroll at 360 px, no WCAG violation', async ({
    page,
  }) => {
    await withConnection(page);
    await page.goto('/user/crm');
    const log = page.getByTestId('crm-user-hubspot').getByRole('button', { name: 'Sync log' });
    await log.focus();
    await page.keyboard.press('Enter');
    const table = page.getByTestId('crm-log');
    await expect(table).toContainText('400 · VALIDATION_ERROR: Property values were not valid');
    await expect(table).toContainText('On its way');
    await expect(table.getByRole('link', { name: 'Open' })).toHaveAttribute('href', SYNCS[0]!.recordUrl!);
    await scan(page, '/user/crm sync log at 1280 px');
    await page.keyboard.press('Escape');
    await expect(table).toBeHidden();
    await expect(log).toBeFocused();

    await page.setViewportSize({ width: 360, height: 800 });
    await log.click();
    await expect(page.getByTestId('crm-log')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await scan(page, '/user/crm sync log at 360 px');
  });

  test('the callback without a code says so and leads back', async ({ page }) => {
    await page.goto('/user/crm/callback?error=access_denied&error_description=The+user+denied+access');
    await expect(page.getByRole('alert')).toContainText('The user denied access');
    await page.getByRole('link', { name: 'Back to CRM' }).click();
    await expect(page).toHaveURL(/\/user\/crm$/);
  });
});
