import { dataOf, expect, test } from './support/fixtures';

/** A PNG whose bytes differ per run (a tEXt-less IEND padding changes the size and hash). */
function pngOf(seed: number): Buffer {
  const base = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
    'base64',
  );
  return Buffer.concat([base, Buffer.alloc(1000 + (seed % 5000))]);
}

test.describe('usability of the signed-in screens', () => {
  test.use({ signedIn: 'user' });

  test.describe(() => {
    test.use({ viewport: { width: 360, height: 740 } });
    test('card editor on a phone: a bare domain is accepted, a wrong address is scrolled to and focused, the save bar stays in reach', async ({
      page,
      request,
      user,
    }) => {
      await page.goto(`/user/perfiles/${user.profileId}`);
      const form = page.getByTestId('profile-form');
      await expect(form).toBeVisible();
      const saveBar = page.getByTestId('profile-save-bar');
      await expect(saveBar).toBeInViewport();

      const website = page.getByTestId('card-website');
      await website.fill('nunez studio');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByTestId('profile-save').click();
      await expect(website).toBeFocused();
      await expect(website).toBeInViewport();
      await expect(page.getByText('Enter a web address such as example.com or https://example.com.')).toBeVisible();
      await expect(page.getByTestId('profile-save-status')).toHaveText('1 field needs your attention');

      await website.fill('nunez.studio');
      await page.getByTestId('profile-save').click();
      await expect(page.getByTestId('notification-success')).toBeVisible();
      await expect(page.getByTestId('profile-save-status')).toHaveText('Saved');
      const saved = await dataOf<{ card: { website: string } }>(
        await request.get(`/api/profiles/${user.profileId}`, { headers: user.headers }),
      );
      expect(saved.card.website).toBe('https://nunez.studio');
    });
  });

  test('the dashboard storage meter shows the cloud’s usage, refreshed after an upload', async ({ page, request, user }) => {
    await page.goto('/user/nube');
    await expect(page.getByTestId('cloud-storage-value')).toBeVisible();
    const upload = await request.post('/api/files', {
      headers: user.headers,
      multipart: { file: { name: `meter-${Date.now()}.png`, mimeType: 'image/png', buffer: pngOf(Date.now()) } },
    });
    expect(upload.status()).toBe(201);
    await page.goto('/user/dashboard');
    await expect(page.getByTestId('usage-storage')).toBeVisible();
    const dashboardUsed = (await page.getByTestId('usage-storage').innerText()).match(/([\d.,]+\s?(?:bytes?|kB|MB|GB))\s*\//)?.[1];
    expect(dashboardUsed).toBeTruthy();
    expect(dashboardUsed).not.toBe('0 MB');
    await page.goto('/user/nube');
    await expect(page.getByTestId('cloud-storage')).toContainText(dashboardUsed!);
  });

  test('uploading a file the cloud already holds says so, under the name it is kept with, on a phone', async ({ page, request, user }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const bytes = pngOf(Date.now() + 1);
    const kept = `holiday-${Date.now()}.png`;
    expect(
      (
        await request.post('/api/files', {
          headers: user.headers,
          multipart: { file: { name: kept, mimeType: 'image/png', buffer: bytes } },
        })
      ).status(),
    ).toBe(201);
    await page.goto('/user/nube');
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('cloud-choose-files').click();
    await (await chooser).setFiles({ name: 'holiday copy.png', mimeType: 'image/png', buffer: bytes });
    const item = page.getByTestId('cloud-upload-item');
    await expect(item).toHaveAttribute('data-status', 'done');
    await expect(item.getByTestId('cloud-upload-kept')).toHaveText(`Already in your cloud as ${kept}: nothing new was stored.`);
  });

  test.describe(() => {
    test.use({ viewport: { width: 1280, height: 800 } });
    test('at 1280×800 the whole user navigation can be reached with a visible scrollbar', async ({ page }) => {
      await page.goto('/user/dashboard');
      await expect(page.getByTestId('user-dashboard')).toBeVisible();
      const nav = page.getByTestId('app-navigation-scroll');
      const last = page.locator('#app-navigation a').last();
      const overflowing = await nav.evaluate((el) => {
        const viewport = el.querySelector<HTMLElement>('.mantine-ScrollArea-viewport');
        return viewport ? viewport.scrollHeight > viewport.clientHeight : false;
      });
      if (overflowing) await expect(nav.locator('.mantine-ScrollArea-scrollbar[data-orientation="vertical"]')).toBeVisible();
      await last.scrollIntoViewIfNeeded();
      await expect(last).toBeInViewport();
    });
  });
});
