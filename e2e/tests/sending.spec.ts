import type { Locator, Page } from '@playwright/test';
import { clipboardText, copiedBy } from './support/clipboard';
import { expect, test } from './support/fixtures';
import { ADMIN } from './support/accounts';

/**
 * Waits for `done`, giving the admin's password if the proof dialog asks for it first (the worker's
 * admin session may have proved it already in this run, or not).
 */
async function proveIfAsked(page: Page, done: () => Promise<boolean>) {
  const proof: Locator = page.getByTestId('fresh-proof-password');
  await expect.poll(async () => (await proof.isVisible()) || (await done()), { timeout: 15_000 }).toBe(true);
  if (!(await proof.isVisible())) return;
  // Above the dialog the change was made from, with the focus (typed into, then submitted with Enter).
  await expect(proof).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect.poll(done, { timeout: 15_000 }).toBe(true);
}

// An owner's own sending domain, from the campaigns page to its records; an admin's SMTP server.
test.describe('sending domains', () => {
  test.use({ signedIn: 'user', permissions: ['clipboard-read', 'clipboard-write'] });

  test('an owner adds a domain from the campaigns page, sees the records to publish, copies one and checks the DNS', async ({ page }) => {
    await page.goto('/user/campanas');
    await page.getByRole('link', { name: 'Send from your own domain' }).click();
    await expect(page).toHaveURL(/\/user\/campanas\/dominios$/);
    await expect(page.getByTestId('sending-domains-empty')).toBeVisible();

    await page.getByRole('textbox', { name: /^Domain/ }).fill('Shop.Example');
    await expect(page.getByTestId('sending-add-preview')).toHaveText('Campaigns will come from hola@shop.example.');
    await page.getByRole('button', { name: 'Add domain' }).click();

    const domain = page.getByTestId('sending-domain');
    await expect(domain.getByRole('heading', { name: 'shop.example' })).toBeVisible();
    await expect(domain.getByTestId('sending-domain-status')).toHaveText('Pending verification');
    await expect(domain.getByTestId('sending-domain-address')).toHaveText('hola@shop.example');
    // Not verified: it cannot be chosen for the campaigns yet.
    await expect(domain.getByRole('switch')).toHaveCount(0);

    const records = domain.getByRole('table', { name: 'DNS records to publish for shop.example' });
    await expect(records.getByTestId('sending-record')).toHaveCount(3);
    const dkim = records.locator('[data-kind="dkim"]');
    await expect(dkim.getByTestId('sending-record-name')).toHaveText(/^enlaza-[0-9a-f]{8}\._domainkey\.shop\.example$/);
    const key = await dkim.getByTestId('sending-record-value').textContent();
    expect(key).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    await expect(records.locator('[data-kind="dmarc"]')).toContainText('Required');
    await expect(records.locator('[data-kind="spf"]')).toContainText('Recommended');

    await dkim.getByRole('button', { name: 'Copy the DKIM value' }).click();
    await expect(dkim.getByRole('button', { name: 'Copied' })).toBeVisible();
    const copyAgain = () => dkim.getByRole('button', { name: /Copy the DKIM value|Copied/ }).click();
    expect(await copiedBy(page, copyAgain, clipboardText, (text) => text === key)).toBe(key);

    // Nothing is published for shop.example: every record is said not to be there.
    await domain.getByRole('button', { name: 'Check DNS now for shop.example' }).click();
    await expect(domain.getByTestId('sending-domain-checked-at')).toHaveText(/^Last checked /, { timeout: 20_000 });
    await expect(records.getByTestId('sending-record-status')).toHaveText(['Not found', 'Not found', 'Not found']);
    await expect(domain.getByTestId('sending-domain-status')).toHaveText('Pending verification');
  });

  test('on a phone, the records are cards and the page does not scroll sideways', async ({ page, user, request }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const added = await request.post('/api/sending-domains', { headers: user.headers, data: { domain: 'phone.example' } });
    expect(added.status(), await added.text()).toBe(200);
    await page.goto('/user/campanas/dominios');
    const cards = page.getByRole('list', { name: 'DNS records to publish for phone.example' });
    await expect(cards.getByTestId('sending-record-card')).toHaveCount(3);
    await expect(page.getByRole('table', { name: 'DNS records to publish for phone.example' })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('SMTP servers', () => {
  test.use({ signedIn: 'admin' });

  test('an admin adds a server (proving it is them), tests it and deletes it', async ({ page }) => {
    // Off, on a port nothing listens on: the suite's campaigns never go through it.
    const name = `E2E relay ${Date.now().toString(36)}`;
    await page.goto('/admin/servidores-smtp');
    await expect(page.getByRole('heading', { level: 1, name: 'SMTP servers' })).toBeVisible();
    await expect(page.getByText(/go out through the server in the settings \(SMTP_HOST\)/).first()).toBeVisible();

    await page.getByRole('button', { name: 'Add server' }).click();
    const form = page.getByRole('dialog', { name: 'Add an SMTP server' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(name);
    await form.getByRole('textbox', { name: /^Host/ }).fill('127.0.0.1');
    await form.getByRole('textbox', { name: /^Port/ }).fill('1');
    await form.getByRole('switch', { name: /^Enabled/ }).uncheck();
    await form.getByRole('button', { name: 'Add server' }).click();
    const server = page.getByRole('listitem', { name });
    await proveIfAsked(page, () => server.isVisible());
    await expect(server.getByTestId('smtp-relay-address')).toHaveText('127.0.0.1:1');
    await expect(server.getByTestId('smtp-relay-status')).toHaveText('Disabled');
    await expect(server.getByTestId('smtp-relay-rate')).toHaveText('No limit');

    await server.getByRole('button', { name: `Test ${name}` }).click();
    const result = server.getByTestId('smtp-relay-test-result');
    await expect(result).toContainText('The test failed', { timeout: 20_000 });
    await expect(result).toContainText('ECONNREFUSED');

    await server.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    await confirm.getByRole('button', { name: 'Delete server' }).click();
    await proveIfAsked(page, async () => (await server.count()) === 0);
    await expect(server).toHaveCount(0);
  });
});
