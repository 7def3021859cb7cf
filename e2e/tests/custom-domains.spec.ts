import type { Page } from '@playwright/test';
import { scan } from './support/axe-report';
import { clipboardText, copiedBy } from './support/clipboard';
import { expect, test } from './support/fixtures';

const TOKEN = 'enlaza-verification=3f9a0c1b2d4e5f60718293a4b5c6d7e8';
/** A list as a plan with domains answers it: one pending (its CNAME elsewhere), one verified. */
const LIST = {
  limit: 3,
  domains: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      host: 'cards.acme-e2e.example',
      target: { kind: 'profile', id: '22222222-2222-4222-8222-222222222222', name: 'Lucía Contrast' },
      status: 'pending',
      records: [
        { kind: 'ownership', type: 'TXT', name: '_enlaza.cards.acme-e2e.example', value: TOKEN, status: 'found', seen: [] },
        {
          kind: 'cname',
          type: 'CNAME',
          name: 'cards.acme-e2e.example',
          value: 'domains.enlaza.example',
          status: 'mismatch',
          seen: ['acme-e2e.github.io'],
        },
      ],
      url: 'https://cards.acme-e2e.example/',
      checkedAt: '2031-03-14T10:30:00.000Z',
      verifiedAt: null,
      createdAt: '2031-03-14T09:00:00.000Z',
    },
    {
      id: '33333333-3333-4333-8333-333333333333',
      host: 'team.acme-e2e.example',
      target: { kind: 'team', id: '44444444-4444-4444-8444-444444444444', name: 'Acme Studio' },
      status: 'verified',
      records: [
        { kind: 'ownership', type: 'TXT', name: '_enlaza.team.acme-e2e.example', value: TOKEN, status: 'found', seen: [] },
        { kind: 'cname', type: 'CNAME', name: 'team.acme-e2e.example', value: 'domains.enlaza.example', status: 'found', seen: [] },
      ],
      url: 'https://team.acme-e2e.example/',
      checkedAt: '2031-03-14T10:30:00.000Z',
      verifiedAt: '2031-03-14T10:30:00.000Z',
      createdAt: '2031-03-14T09:00:00.000Z',
    },
  ],
};

/** The list answered as a plan with domains would answer it (the e2e server's plans allow none). */
const withDomains = (page: Page) =>
  page.route('**/api/custom-domains', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { ok: 1, data: LIST } }) : route.fallback(),
  );

test.describe('custom domains', () => {
  test.use({ signedIn: 'user', permissions: ['clipboard-read', 'clipboard-write'] });

  test('on a plan without domains the screen says so and leads to the plans', async ({ page }) => {
    await page.goto('/user/dominios');
    await expect(page.getByTestId('custom-domains-plan')).toContainText('Your plan does not include custom domains.');
    await expect(page.getByTestId('custom-domain-add')).toHaveCount(0);
    await page.getByRole('link', { name: 'See the plans' }).click();
    await expect(page).toHaveURL(/\/user\/plans$/);
  });

  test('a list with domains: records with what was seen, copy, no sideways scroll at 360 px, no WCAG violation', async ({ page }) => {
    await withDomains(page);
    await page.goto('/user/dominios');
    const [pending, verified] = [page.getByTestId('custom-domain').nth(0), page.getByTestId('custom-domain').nth(1)];
    await expect(pending.getByTestId('custom-domain-status')).toHaveText('Pending verification');
    await expect(verified.getByRole('link', { name: /https:\/\/team\.acme-e2e\.example\// })).toBeVisible();
    const table = pending.getByRole('table', { name: 'DNS records to publish for cards.acme-e2e.example' });
    const cname = table.locator('[data-kind="cname"]');
    await expect(cname.getByTestId('custom-domain-record-status')).toHaveText('Different value');
    await expect(cname.getByTestId('custom-domain-record-seen')).toContainText('acme-e2e.github.io');
    const copy = table.locator('[data-kind="ownership"]').getByRole('button', { name: /Copy the Ownership value|Copied/ });
    expect(
      await copiedBy(
        page,
        () => copy.click(),
        clipboardText,
        (text) => text === TOKEN,
      ),
    ).toBe(TOKEN);
    await scan(page, '/user/dominios with domains at 1280 px');

    await page.setViewportSize({ width: 360, height: 800 });
    await expect(pending.getByTestId('custom-domain-records-cards')).toBeVisible();
    await expect(table).toBeHidden();
    // Once the menu's slide out of a 360 px screen (AppShell's transition) has ended.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await scan(page, '/user/dominios with domains at 360 px');
  });
});
