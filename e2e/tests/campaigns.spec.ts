import { dataOf, expect, test } from './support/fixtures';
import { emailsTo } from './support/mailbox';

/** A 1×1 PNG: the template's banner, drawn 1,200 px wide by its width attribute. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=', 'base64');

/**
 * A campaign to a profile's consenting senders and an imported list, reviewed, tested and started
 * from the screen, with the progress bar reaching 100 %; the email a contact receives is then opened
 * at a phone's width. The template (a wide image and a button) is created through the templates API.
 */
test.describe('campaigns', () => {
  test.use({ signedIn: 'user' });

  test('create a campaign to a card’s consenting senders and an imported list, review it, test it, start it and watch the progress reach 100 %', async ({
    page,
    request,
    user,
  }) => {
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
        bodyHtml:
          '<p>Hello {{nombre}}</p><p><img src="https://images.e2e.enlaza.test/banner.png" width="1200" height="600" alt="Autumn collection"></p>' +
          '<p><a class="button" href="https://shop.e2e.enlaza.test/autumn">See the collection</a></p><p>Or read https://shop.e2e.enlaza.test/news</p>',
      },
    });
    expect(template.status(), await template.text()).toBe(201);
    const list = await dataOf<{ list: { id: string; name: string } }>(
      await request.post('/api/audience/lists/import', {
        headers: user.headers,
        data: {
          csv: `email,name\nlena-${stamp}@e2e.enlaza.test,Lena\nomar-${stamp}@e2e.enlaza.test,Omar\n`,
          name: `Fair leads ${stamp}`,
          hasHeader: true,
          emailColumn: 0,
          nameColumn: 1,
          consent: true,
        },
      }),
      201,
    );

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
    await form.getByRole('combobox', { name: 'Imported lists' }).click();
    await page.getByRole('option', { name: list.list.name }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('audience-count-value')).toHaveText('5');

    // The review: who it goes to and from, and the email as it will be sent, at full and phone width.
    await form.getByRole('button', { name: 'Review' }).click();
    const review = page.getByTestId('campaign-review');
    await expect(review.getByTestId('review-to')).toHaveText('To: 5 recipients');
    await expect(review.getByTestId('review-from')).toHaveText(`From: "Shop ${stamp} via Enlaza" <no-reply@e2e.enlaza.test>`);
    await expect(review.getByTestId('campaign-preview-subject')).toHaveText(`News for ${user.name}`);
    const preview = review.frameLocator('[data-testid="campaign-preview"]');
    await expect(preview.getByRole('link', { name: 'See the collection' })).toBeVisible();
    await review.getByText('Phone', { exact: true }).click();
    await expect(review.getByTestId('campaign-preview')).toHaveAttribute('data-width', 'phone');

    // A test to oneself: the same email, from the sender.
    const before = (await emailsTo(user.email)).length;
    await review.getByRole('button', { name: 'Send a test to me' }).click();
    await expect(page.getByText(`A test was sent to ${user.email}.`)).toBeVisible();
    await expect.poll(async () => (await emailsTo(user.email)).slice(before).map((e) => e.subject)).toContain(`News for ${user.name}`);

    // "Send now" asks first, naming what goes out and to how many.
    await review.getByRole('button', { name: 'Send now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this campaign now?' });
    await expect(confirm).toContainText(`“Launch ${stamp}” goes out at once with the template “Newsletter ${stamp}” to 5 recipients.`);
    await confirm.getByRole('button', { name: 'Send to 5 recipients' }).click();

    const detail = page.getByTestId('campaign-detail');
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('campaign-progress')).toHaveAttribute('data-percent', '100', { timeout: 60_000 });
    await expect(detail.getByTestId('campaign-state')).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
    await expect(detail.getByTestId('figure-sent')).toContainText('5');

    // The email a contact of the list received, opened at a phone's width: nothing wider than the screen.
    await expect.poll(async () => (await emailsTo(`lena-${stamp}@e2e.enlaza.test`)).length).toBe(1);
    const [received] = await emailsTo(`lena-${stamp}@e2e.enlaza.test`);
    expect(received!.html).toContain('Hello Lena');
    const phone = await page.context().newPage();
    await phone.setViewportSize({ width: 360, height: 740 });
    await phone.route('https://images.e2e.enlaza.test/**', (route) => route.fulfill({ contentType: 'image/png', body: PIXEL_PNG }));
    await phone.setContent(received!.html, { waitUntil: 'load' });
    const sizes = await phone.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      image: document.querySelector('img[alt="Autumn collection"]')?.getBoundingClientRect().width ?? -1,
    }));
    expect(sizes.image).toBeGreaterThan(200);
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.viewport);
    expect(sizes.image).toBeLessThanOrEqual(sizes.viewport);
    await phone.close();
  });
});
