import { dataOf, expect, test } from './support/fixtures';
import { consentLink } from './support/mailbox';

test.describe('audience and Comunicaciones', () => {
  test.use({ signedIn: 'user' });

  test('All contacts shows who wrote through a card and agreed to hear more, waiting until they confirm the emailed link, with the proof; not who did not agree', async ({
    page,
    browser,
    request,
    user,
  }) => {
    const stamp = Date.now().toString(36);
    const keen = `keen-${stamp}@e2e.enlaza.test`;
    for (const [who, consent] of [
      ['keen', true],
      ['quiet', false],
    ] as const) {
      const sent = await request.post(`/api/public/link/${user.alias}/${user.profileId}/messages`, {
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': 'es' },
        data: { name: `Visitor ${who}`, email: `${who}-${stamp}@e2e.enlaza.test`, message: 'Hello', consent },
      });
      expect(sent.status(), await sent.text()).toBe(201);
    }
    await page.goto('/user/campanas/audiencia');
    const table = page.getByTestId('visitors-table');
    const row = table.locator('tr', { hasText: keen });
    await expect(row).toContainText(`Visitor keen`);
    // A new account confirms consents by email (double opt-in): waiting until the visitor confirms.
    await expect(row.getByTestId('visitor-status')).toHaveText('Awaiting confirmation');
    await expect(table).not.toContainText(`quiet-${stamp}`);

    // The visitor opens the link in their own browser (no session): a page in their language, one button.
    const visitor = await browser.newContext({ locale: 'es-ES' });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(await consentLink(keen));
    await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText('Confirma tu suscripción');
    await visitorPage.getByRole('button', { name: 'Confirmar' }).click();
    await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText('Gracias, ya estás suscrito');
    await visitor.close();

    await page.reload();
    await expect(row.getByTestId('visitor-status')).toHaveText('Receives campaigns');
    // The proof: confirmed by email, the words the visitor agreed to and their version.
    await row.getByRole('button', { name: `Proof of consent of ${keen}` }).click();
    const proof = page.getByTestId('consent-proof');
    await expect(proof).toContainText('Confirmed by email (double opt-in)');
    await expect(proof).toContainText('Acepto recibir comunicaciones de');
    await expect(proof).toContainText(/version [0-9a-f]{16}, language es/);
  });

  test('imports a CSV list through the mapping step and shows its contact count and the rows left out', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const csv = `\uFEFFNombre;Correo\n"García; Ana";ana-${stamp}@e2e.enlaza.test\nBob;BOB-${stamp}@e2e.enlaza.test\nBob again;bob-${stamp}@e2e.enlaza.test\nBroken;not-an-address\nCarol;carol-${stamp}@e2e.enlaza.test\n`;
    await page.goto('/user/campanas/audiencia?tab=listas');
    await page.getByTestId('import-open').click();
    await page
      .locator('[data-testid="import-wizard"] input[type="file"]')
      .setInputFiles({ name: `leads-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });

    const preview = page.getByTestId('import-preview');
    await expect(preview).toContainText('García; Ana');
    // The columns were guessed from the header; the import needs the consent box.
    await expect(page.getByTestId('import-email-column')).toHaveValue('1');
    await expect(page.getByTestId('import-name-column')).toHaveValue('0');
    await page.getByTestId('import-list-name').fill(`Leads ${stamp}`);
    await page.getByTestId('import-submit').click();
    await expect(page.getByText('Confirm that these people consented before importing.')).toBeVisible();
    await page.getByTestId('import-consent').check();
    await page.getByTestId('import-submit').click();

    const report = page.getByTestId('import-report');
    await expect(report).toContainText('3 contacts added.');
    await expect(report).toContainText('1 duplicate address skipped.');
    await expect(page.getByTestId('import-bad-rows')).toContainText('Line 5: “not-an-address” is not a valid email address.');
    const row = page.getByTestId('lists-table').locator('tr', { hasText: `Leads ${stamp}` });
    await expect(row.getByTestId('list-count')).toHaveText('3');

    await row.getByRole('link', { name: `Leads ${stamp}` }).click();
    await expect(page.getByTestId('contacts-table')).toContainText(`ana-${stamp}@e2e.enlaza.test`);
    await expect(page.getByTestId('contacts-table')).toContainText('García; Ana');
  });

  test('a reply to a visitor appears in Comunicaciones and opens as sent', async ({ page, request, user }) => {
    const stamp = Date.now().toString(36);
    const { headers } = user;
    const card = await dataOf<{ id: string }>(
      await request.post('/api/profiles', { headers, data: { kind: 'card', card: { firstName: 'Reply', lastName: `Owner ${stamp}` } } }),
      201,
    );
    const sent = await request.post(`/api/public/link/${user.alias}/${card.id}/messages`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { name: 'Vera Visitor', email: `vera-${stamp}@e2e.enlaza.test`, message: 'Do you ship abroad?', consent: true },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const messages = ((await (await request.get(`/api/mailbox/${card.id}/messages`, { headers })).json()) as { data: { id: string }[] })
      .data;
    const reply = await request.post(`/api/mailbox/messages/${messages[0]!.id}/reply`, {
      headers,
      data: { subject: `Shipping ${stamp}`, body: `Yes, we ship everywhere ${stamp}.` },
    });
    expect(reply.status(), await reply.text()).toBe(200);

    await page.goto('/user/comunicaciones');
    await page.getByTestId('filter-recipient').fill(`vera-${stamp}`);
    const table = page.getByTestId('communications-table');
    await expect(table).toContainText(`Shipping ${stamp}`);
    await expect(table).toContainText('Reply');
    await table.getByTestId('delivery-open').first().click();
    const detail = page.getByTestId('delivery-detail');
    await expect(detail).toContainText(`vera-${stamp}@e2e.enlaza.test`);
    await expect(page.frameLocator('[data-testid="delivery-html"]').locator('body')).toContainText(`Yes, we ship everywhere ${stamp}.`);
  });
});
