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

  for (const viewport of [
    { width: 360, height: 640 },
    { width: 1280, height: 800 },
  ]) {
    test.describe(() => {
      test.use({ viewport });
      test(`at ${viewport.width}×${viewport.height} no control of the card editor is hidden behind its save bar when tabbed to`, async ({
        page,
        user,
      }) => {
        await page.goto(`/user/perfiles/${user.profileId}`);
        await expect(page.getByTestId('profile-form')).toBeVisible();
        await page.getByRole('heading', { level: 1 }).click();
        const hidden: string[] = [];
        let controls = 0;
        let reachedBar = false;
        for (let step = 0; step < 80; step += 1) {
          await page.keyboard.press('Tab');
          const focused = await page.evaluate(() => {
            const el = document.activeElement as HTMLElement | null;
            const bar = document.querySelector('[data-testid="profile-save-bar"]')!.getBoundingClientRect();
            if (!el || !el.closest('[data-testid="profile-form"]')) return null;
            if (el.closest('[data-testid="profile-save-bar"]')) return { name: 'save bar', covered: 0 };
            // A control drawn by a hidden input (switch, segmented control) is seen as its label.
            let box = el.getBoundingClientRect();
            if (box.width < 2 || box.height < 2) box = (el.closest('label') ?? el.parentElement!).getBoundingClientRect();
            const covered = Math.max(0, Math.min(box.bottom, bar.bottom) - Math.max(box.top, bar.top));
            return { name: el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.id, covered: Math.round(covered) };
          });
          if (!focused) continue;
          if (focused.name === 'save bar') {
            reachedBar = true;
            break;
          }
          controls += 1;
          if (focused.covered > 0) hidden.push(`${focused.name} (${focused.covered} px)`);
        }
        expect(reachedBar && controls > 15, `tabbed through ${controls} controls to the save bar`).toBe(true);
        expect(hidden).toEqual([]);
      });
    });
  }

  test('trashing a cloud image used as a tag’s photo says where it is used, asks, and Undo brings the photo back', async ({
    page,
    request,
    user,
  }) => {
    const name = `rex-${Date.now()}.png`;
    const [file] = await dataOf<{ id: string }[]>(
      await request.post('/api/files', {
        headers: user.headers,
        multipart: { file: { name, mimeType: 'image/png', buffer: pngOf(Date.now() + 2) } },
      }),
      201,
    );
    const tag = await dataOf<{ id: string }>(
      await request.post('/api/profiles', {
        headers: user.headers,
        data: { kind: 'tag', tag: { name: 'Rex', tagKind: 'pet' }, photoFileId: file!.id },
      }),
      201,
    );
    const publicPhoto = async () =>
      (await dataOf<{ photoUrl: string | null }>(await request.get(`/api/public/link/${user.alias}/${tag.id}`))).photoUrl;
    expect(await publicPhoto()).not.toBeNull();

    await page.goto('/user/nube');
    await page.getByTestId('cloud-search').fill(name);
    const menu = page.getByRole('button', { name: `Actions for ${name}` });
    await menu.click();
    await page.getByTestId('cloud-delete').click();
    const dialog = page.getByRole('dialog', { name: `Move “${name}” to the trash?` });
    await expect(dialog.getByText('Used in 1 place:')).toBeVisible();
    await expect(dialog.getByTestId('cloud-in-use-place')).toHaveText('Tag Rex (photo)');
    await expect(dialog.getByRole('link', { name: 'Rex' })).toHaveAttribute('href', `/user/tamys/${tag.id}`);
    await expect(dialog.getByTestId('cloud-in-use-cancel')).toBeFocused();

    await dialog.getByTestId('cloud-in-use-confirm').click();
    const notice = page.getByTestId('notification-success').filter({ hasText: `“${name}” moved to the trash.` });
    await expect(notice).toBeVisible();
    await expect(menu).toHaveCount(0);
    // While the photo is in the trash the tag's public page shows none (no broken image)…
    expect(await publicPhoto()).toBeNull();

    // …and Undo brings the file back, and the photo with it.
    await notice.getByTestId('notification-action').click();
    await expect(menu).toBeVisible();
    expect(await publicPhoto()).not.toBeNull();
  });

  test.describe(() => {
    test.use({ viewport: { width: 1280, height: 800 } });
    test('at 1280×800 the whole user navigation can be reached with a visible scrollbar', async ({ page }) => {
      await page.goto('/user/dashboard');
      await expect(page.getByTestId('user-dashboard')).toBeVisible();
      const nav = page.getByTestId('app-navigation-scroll');
      // Every group one level down opened: the longest the menu gets.
      const closed = page.locator('#app-navigation').getByRole('button', { expanded: false });
      while ((await closed.count()) > 0) await closed.first().click();
      const last = page.locator('#app-navigation a').last();
      await expect(last).toHaveAttribute('href', '/account');
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
