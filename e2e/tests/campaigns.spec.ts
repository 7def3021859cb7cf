import { deflateSync } from 'node:zlib';
import { dataOf, expect, test } from './support/fixtures';
import { confirmConsent, emailsTo } from './support/mailbox';

/** The email theme's button in light (EMAIL_THEME in the contracts: #1f5fa8, white text), as the browser computes it. */
const THEME_BUTTON = 'rgb(31, 95, 168)';
const THEME_BUTTON_TEXT = 'rgb(255, 255, 255)';

/** A 1,200 × 600 PNG (one grey colour; the stamp after IEND makes it this run's own file). */
function wideBanner(stamp: string): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1200, 0);
  header.writeUInt32BE(600, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc(600 * 1201, 0x99);
  for (let y = 0; y < 600; y += 1) rows[y * 1201] = 0; // filter byte of each row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
    Buffer.from(stamp),
  ]);
}

/**
 * A template written in the editor (a merge field, a wide image from the cloud, a button), then a
 * campaign to a profile's consenting senders and an imported list, reviewed, tested and started from
 * the screen, with the progress bar reaching 100 %; the email a contact receives is then opened at a
 * phone's width.
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
    // A new account confirms consents by email (double opt-in): each reader confirms theirs.
    await Promise.all([0, 1, 2].map((i) => confirmConsent(`reader-${stamp}-${i}@e2e.enlaza.test`)));
    // A wide banner in the cloud: 1,200 × 600 px, drawn by the email at most as wide as the screen.
    const banner = await request.post('/api/files', {
      headers: user.headers,
      multipart: { file: { name: `banner-${stamp}.png`, mimeType: 'image/png', buffer: wideBanner(stamp) } },
    });
    expect(banner.status(), await banner.text()).toBe(201);
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

    // The template, written in the editor: a field, an image from the cloud (its description
    // required), a button and a bare address.
    await page.goto('/user/plantillas');
    await page.getByTestId('template-new').click();
    await page.getByTestId('template-name').fill(`Newsletter ${stamp}`);
    await page.getByTestId('template-subject').fill('News for {{name}}');
    const body = page.getByTestId('template-body');
    await body.pressSequentially('Hello {{name}}');
    await page.getByTestId('insert-image').click();
    await page.getByRole('button', { name: `banner-${stamp}.png` }).click();
    await page.getByTestId('image-insert').click();
    await expect(page.getByText('Describe the image in a few words.')).toBeVisible();
    await page.getByTestId('image-alt').fill('Autumn collection');
    await page.getByTestId('image-insert').click();
    await expect(body.getByRole('img', { name: 'Autumn collection' })).toBeVisible();
    await page.getByTestId('insert-button').click();
    await page.getByTestId('button-label').fill('See the collection');
    await page.getByTestId('button-url').fill('https://shop.e2e.enlaza.test/autumn');
    await page.getByTestId('button-insert').click();
    await expect(body.getByRole('link', { name: 'See the collection' })).toBeVisible();
    // Drawn in the editor as the email draws it: the email theme's button (EMAIL_THEME.light).
    await expect(body.getByRole('link', { name: 'See the collection' })).toHaveCSS('background-color', THEME_BUTTON);
    await expect(body.getByRole('link', { name: 'See the collection' })).toHaveCSS('color', THEME_BUTTON_TEXT);
    await body.press('Control+End');
    await body.press('Enter');
    await body.pressSequentially('Or read https://shop.e2e.enlaza.test/news');
    await page.getByTestId('template-save').click();
    await expect(page).toHaveURL(/\/user\/plantillas\?edit=/);

    await page.goto('/user/campanas');
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
    await expect(preview.getByRole('link', { name: 'See the collection' })).toHaveCSS('background-color', THEME_BUTTON);
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
    await phone.setContent(received!.html, { waitUntil: 'load' });
    const sizes = await phone.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      image: document.querySelector<HTMLImageElement>('img[alt="Autumn collection"]')?.naturalWidth
        ? document.querySelector('img[alt="Autumn collection"]')!.getBoundingClientRect().width
        : -1,
    }));
    // The banner loaded from its public address, signed out, and fills the column.
    expect(sizes.image).toBeGreaterThan(250);
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.viewport);
    expect(sizes.image).toBeLessThanOrEqual(sizes.viewport);
    await phone.close();
  });
});
