import { dataOf, expect, test } from './support/fixtures';

/**
 * A campaign to a profile's consenting senders, started from the screen, with the progress bar
 * reaching 100 %. The template is created through the templates API (the Plantillas module).
 */
test.describe('campaigns', () => {
  test.use({ signedIn: 'user' });

  test('create a campaign to a card’s consenting senders, start it and watch the progress reach 100 %', async ({ page, request, user }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const profile = await dataOf<{ id: string; name: string }>(
      await request.post('/api/profiles', {
        headers: user.headers,
        data: { kind: 'card', card: { firstName: 'Campaign', lastName: `Card ${stamp}` } },
      }),
      201,
    );
    for (let i = 0; i < 3; i += 1) {
      const sent = await request.post(`/api/public/link/${user.alias}/${profile.id}/messages`, {
        data: { name: `Reader ${i}`, email: `reader-${stamp}-${i}@e2e.enlaza.test`, message: 'Keep me posted', consent: true },
      });
      expect(sent.status(), await sent.text()).toBe(201);
    }
    const template = await request.post('/api/templates', {
      headers: user.headers,
      data: {
        name: `Newsletter ${stamp}`,
        subject: 'News for {{nombre}}',
        bodyHtml: '<p>Hello {{nombre}}</p><p><a href="{{baja_url}}">Unsubscribe</a></p>',
      },
    });
    expect(template.status(), await template.text()).toBe(201);

    await page.goto('/user/campanas');
    // A new account says who its campaigns come from before the first one: the card warns and opens
    // its form with the account's name; the postal address is typed here.
    const sender = page.getByTestId('campaign-sender');
    await expect(sender.getByTestId('campaign-sender-missing')).toBeVisible();
    await sender.getByRole('button', { name: 'Set the sender' }).click();
    await sender.getByRole('textbox', { name: 'Sender name' }).fill(`Shop ${stamp}`);
    await sender.getByRole('textbox', { name: 'Postal address' }).fill('Calle Mayor 1\n28013 Madrid\nSpain');
    await sender.getByRole('button', { name: 'Save sender' }).click();
    await expect(sender.getByTestId('campaign-sender-from')).toHaveText(`"Shop ${stamp} via Enlaza" <no-reply@e2e.enlaza.test>`);
    await page.getByTestId('new-campaign').click();
    const form = page.getByTestId('campaign-form');
    await form.getByLabel('Name').fill(`Launch ${stamp}`);
    await form.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: `Newsletter ${stamp}` }).click();
    await form.getByRole('combobox', { name: 'Profiles' }).click();
    await page.getByRole('option', { name: profile.name }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('audience-count')).toHaveText('3 recipients');
    await form.getByRole('button', { name: 'Send now' }).click();
    // "Send now" asks first, naming what goes out and to how many.
    const confirm = page.getByRole('dialog', { name: 'Send this campaign now?' });
    await expect(confirm).toContainText(`“Launch ${stamp}” goes out at once with the template “Newsletter ${stamp}” to 3 recipients.`);
    await confirm.getByRole('button', { name: 'Send to 3 recipients' }).click();

    const detail = page.getByTestId('campaign-detail');
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('campaign-progress')).toHaveAttribute('data-percent', '100', { timeout: 60_000 });
    await expect(detail.getByTestId('campaign-state')).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
    await expect(detail.getByTestId('figure-sent')).toContainText('3');
  });
});
