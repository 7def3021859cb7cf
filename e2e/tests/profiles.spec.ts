import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { dataOf, expect, test, visitorContext } from './support/fixtures';

// A real 2×2 PNG (red pixels): the cloud checks a file's type from its bytes.
// Bytes after IEND make it this run's own file: the cloud keeps one copy of identical bytes, and
// other specs upload the same picture under other names.
const PNG = Buffer.concat([
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64'),
  Buffer.from(`profiles-spec-${Date.now()}`),
]);

const profileIdOf = (page: Page) => new URL(page.url()).pathname.split('/').pop() ?? '';

test.describe('cards, the public page and the mailbox', () => {
  test.use({ signedIn: 'user' });

  test('a card with a photo uploaded through the cloud: public page signed out, vCard, message, then the mailbox', async ({
    page,
    browser,
    request,
    user,
  }) => {
    const stamp = Date.now().toString(36);
    const lastName = `Photo ${stamp}`;

    // The owner creates a card; its photo is uploaded into the cloud from the editor.
    await page.goto('/user/perfiles/new');
    await expect(page.getByTestId('profile-form')).toBeVisible();
    await page.getByLabel('First name').fill('Lucía');
    await page.getByLabel('Last name').fill(lastName);
    await page.getByLabel('Job title').fill('Architect, partner');
    const photoPicker = page.getByTestId('cloud-image-picker').first();
    const chooser = page.waitForEvent('filechooser');
    await photoPicker.getByTestId('cloud-picker-upload').click();
    await (await chooser).setFiles({ name: 'lucia.png', mimeType: 'image/png', buffer: PNG });
    const preview = photoPicker.getByRole('img');
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    await page.getByTestId('profile-save').click();
    await expect(page).toHaveURL(/\/user\/perfiles\/[0-9a-f-]{36}$/);
    const profileId = profileIdOf(page);

    // The file is in the cloud too.
    await page.goto('/user/nube');
    await expect(page.getByText('lucia.png').first()).toBeVisible();

    // A visitor, signed out, opens the public link.
    const visitor = await visitorContext(browser);
    const publicPage = await visitor.newPage();
    await publicPage.goto(`/link/${user.alias}/${profileId}`);
    await expect(publicPage.getByTestId('public-profile-name')).toHaveText(`Lucía ${lastName}`);
    // The server serves the photo resized to the size the page shows it at.
    const photo = publicPage.getByTestId('public-profile-photo').locator('img');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(112);

    // "Save contact" downloads a vCard 3.0 with the escaped title and the photo.
    const download = publicPage.waitForEvent('download');
    await publicPage.getByTestId('public-profile-save').click();
    const vcard = await readFile(await (await download).path(), 'utf8');
    expect(vcard).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
    expect(vcard).toContain(`FN:Lucía ${lastName}`);
    expect(vcard).toContain('TITLE:Architect\\, partner');
    expect(vcard.replace(/\r\n /g, '')).toContain(`PHOTO;ENCODING=b;TYPE=PNG:${PNG.toString('base64')}`);

    // The visitor writes to the owner.
    await publicPage.getByTestId('contact-name').fill('Marta Visitor');
    await publicPage.getByTestId('contact-email').fill(`marta-${stamp}@e2e.enlaza.test`);
    await publicPage.getByTestId('contact-message').fill(`Hello from the public page ${stamp}`);
    await publicPage.getByTestId('contact-consent').check();
    await publicPage.getByTestId('contact-submit').click();
    await expect(publicPage.getByTestId('contact-form-success')).toBeVisible();
    // A new account confirms consents by email (double opt-in): the visitor is told where the link went.
    await expect(publicPage.getByTestId('contact-form-confirm')).toHaveText(
      'To hear from them, confirm your address with the link we have just emailed you.',
    );
    await visitor.close();

    // Back in the mailbox the message is there, unread, and the navigation counts it.
    await page.goto(`/user/buzon/${profileId}`);
    const row = page.getByTestId('message-row').filter({ hasText: 'Marta Visitor' });
    await expect(row).toBeVisible();
    await expect(row).toHaveAttribute('data-unread', 'true');
    await expect(page.getByTestId('nav-unread-badge').first()).toBeVisible();

    // Opening it marks it read.
    await row.getByTestId('message-open').click();
    await expect(page.getByTestId('message-body')).toContainText(`Hello from the public page ${stamp}`);
    await expect(row).not.toHaveAttribute('data-unread', 'true');

    // The server sets the preview tags: the HTML, fetched without JavaScript, carries them.
    const html = await (await request.get(`/link/${user.alias}/${profileId}`)).text();
    expect(html).toContain(`<meta property="og:title" content="Lucía ${lastName}">`);
    expect(html).toContain('<meta property="og:description" content="Architect, partner">');
    expect(html).toMatch(
      new RegExp(`<meta property="og:image" content="http://127\\.0\\.0\\.1:\\d+/api/public/link/${user.alias}/${profileId}/photo\\?v=`),
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  test('on a 360 px phone a finder of a lost tag can call the owner and share a location; the owner hears of it in-app and by email', async ({
    browser,
    page,
    request,
    user,
  }) => {
    const tag = await dataOf<{ id: string }>(
      await request.post('/api/profiles', {
        headers: user.headers,
        data: { kind: 'tag', tag: { name: 'Bruno', tagKind: 'pet', lostMode: true, phone: '+34600123456', serial: 'EZ-77' } },
      }),
      201,
    );
    const finder = await visitorContext(browser, {
      viewport: { width: 360, height: 740 },
      geolocation: { latitude: 40.4168, longitude: -3.7038, accuracy: 20 },
      permissions: ['geolocation'],
    });
    const phone = await finder.newPage();
    await phone.goto(`/link/${user.alias}/${tag.id}`);
    // The first thing on the screen: a big button that dials the tag's phone.
    const call = phone.getByTestId('public-profile-call');
    await expect(call).toBeInViewport();
    await expect(call).toHaveAttribute('href', 'tel:+34600123456');
    expect((await call.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expect(phone.getByTestId('public-profile-whatsapp')).toHaveAttribute('href', 'https://wa.me/34600123456');
    await expect(phone.getByTestId('public-profile-serial')).toContainText('EZ-77');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The finder writes and shares where they are.
    await phone.getByTestId('contact-name').fill('Finder');
    await phone.getByTestId('contact-email').fill('finder@example.org');
    await phone.getByTestId('contact-message').fill('I have your dog, he is fine.');
    await phone.getByTestId('contact-location').check();
    await phone.getByTestId('contact-submit').click();
    await expect(phone.getByTestId('contact-form-success')).toBeVisible();
    await finder.close();

    // The owner: the scan and the message in the notifications, both emailed (Comunicaciones lists them).
    await page.goto('/user/notificaciones');
    await expect(page.getByText('Your tag “Bruno” was scanned')).toBeVisible();
    await expect(
      page
        .getByText(/Bruno/)
        .filter({ hasText: /message|lost/i })
        .first(),
    ).toBeVisible();
    await expect
      .poll(async () => {
        const list = await dataOf<{ subject: string }[]>(await request.get('/api/comunicaciones', { headers: user.headers }));
        return list.filter((m) => m.subject.includes('Bruno')).length;
      })
      .toBeGreaterThanOrEqual(2);
    const messages = await dataOf<{ location: unknown }[]>(await request.get(`/api/mailbox/${tag.id}/messages`, { headers: user.headers }));
    expect(messages[0]!.location).toBeTruthy();
  });

  test('a tag in lost mode shows its banner; a private profile is not available', async ({ browser, request, user }) => {
    const tag = await dataOf<{ id: string }>(
      await request.post('/api/profiles', {
        headers: user.headers,
        data: { kind: 'tag', tag: { name: 'Luna', tagKind: 'pet', lostMode: true, lostNote: 'Lost near the park', reward: '50 €' } },
      }),
      201,
    );

    const visitor = await visitorContext(browser);
    const page = await visitor.newPage();
    await page.goto(`/link/${user.alias}/${tag.id}`);
    const banner = page.getByTestId('public-profile-lost');
    await expect(banner).toContainText('This pet is lost');
    await expect(banner).toContainText('Lost near the park');
    await expect(banner).toContainText('50 €');

    // Made private, the same link answers "not available" with status 404.
    const hidden = await request.put(`/api/profiles/${tag.id}`, {
      headers: user.headers,
      data: { kind: 'tag', visibility: 'private', tag: { name: 'Luna', tagKind: 'pet' } },
    });
    expect(hidden.status(), await hidden.text()).toBe(200);
    const response = await page.goto(`/link/${user.alias}/${tag.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('public-profile-not-available')).toBeVisible();
    await visitor.close();
  });
});
