import type { Page, Request } from '@playwright/test';
import { ADMIN, SESSION_KEYS } from './support/accounts';
import { expect, test } from './support/fixtures';
import { message } from './support/locales';
import { transitionsEnded } from './support/page-state';
import { loginWithForm, readStorage } from './support/session';

const isApi = (path: string) => (request: Request) => request.method() === 'GET' && new URL(request.url()).pathname === path;

test.describe('sign-in and areas', () => {
  test('a user signs in and lands on the user dashboard with their name and plan', async ({ page, user }) => {
    await loginWithForm(page, user);
    await expect(page.getByTestId('user-dashboard')).toBeVisible();
    await expect(page.getByTestId('user-name')).toHaveText(user.name);
    await expect(page.getByTestId('plan-name')).toHaveText('Pro');
    expect(await readStorage(page, 'access_token')).toBeTruthy();
    expect(await readStorage(page, 'roll')).toBe('user');
    expect(JSON.parse((await readStorage(page, 'user')) ?? 'null')).toMatchObject({ name: user.name, roll: 'user' });
  });

  test('an admin signs in and lands on the admin dashboard', async ({ page }) => {
    await loginWithForm(page, ADMIN, 'admin');
    await expect(page.getByTestId('admin-dashboard')).toBeVisible();
    await expect(page.getByTestId('user-name')).toHaveText(ADMIN.name);
    expect(await readStorage(page, 'roll')).toBe('admin');
  });

  test.describe(() => {
    test.use({ signedIn: 'user' });
    test('a user opening an admin page is sent to /falta-permisos', async ({ page }) => {
      await page.goto('/admin/users');
      await expect(page).toHaveURL(/\/falta-permisos$/);
      await expect(page.getByTestId('forbidden-page')).toBeVisible();
    });
  });

  test.describe(() => {
    test.use({ signedIn: 'admin' });
    test('an admin opening a user page is sent to /falta-permisos', async ({ page }) => {
      await page.goto('/user/dashboard');
      await expect(page).toHaveURL(/\/falta-permisos$/);
      await expect(page.getByTestId('forbidden-page')).toBeVisible();
    });
  });

  test('an unknown path goes to /error-404', async ({ page }) => {
    // A real 404 (not a soft one), with the app's friendly page.
    const response = await page.goto('/esta/ruta/no/existe');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/error-404$/);
    await expect(page.getByTestId('not-found-page')).toBeVisible();
  });

  test('a guarded page without a token goes to the login page', async ({ page }) => {
    await page.goto('/user/dashboard');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByTestId('login-email')).toBeVisible();
    await page.goto('/user/personalinformation');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test('a wrong password shows a translated error and keeps the typed email', async ({ page, user }) => {
    const attempt = async () => {
      await page.getByTestId('login-email').fill(user.email);
      await page.getByTestId('login-password').fill('not-the-password-1');
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/login'));
      await page.getByTestId('login-submit').click();
      expect((await answer).status()).toBe(401);
      const error = page.getByTestId('login-error');
      await expect(error).toBeVisible();
      await expect(page.getByTestId('login-email')).toHaveValue(user.email);
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
      return (await error.innerText()).trim();
    };

    await page.goto('/');
    const english = await attempt();
    expect(english.length).toBeGreaterThan(0);
    expect(await readStorage(page, 'access_token')).toBeNull();

    await page.getByTestId('language-switcher').selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const spanish = await attempt();
    expect(spanish).not.toBe(english);
  });
});

test.describe('session and calls', () => {
  // Signed in from the stored session the sign-in page would have left (the form's own tests are above).
  test.describe(() => {
    test.use({ signedIn: 'user' });

    for (const failure of ['aborted', 'answering 500'] as const) {
      test(`logout clears the session even when the logout call fails (${failure})`, async ({ page }) => {
        await page.goto('/user/dashboard');
        await expect(page.getByTestId('plan-name')).toBeVisible();
        for (const key of SESSION_KEYS) expect(await readStorage(page, key), key).not.toBeNull();

        let logoutCalls = 0;
        await page.route('**/api/logout', async (route) => {
          logoutCalls += 1;
          if (failure === 'aborted') await route.abort('failed');
          else await route.fulfill({ status: 500, contentType: 'application/json', body: '{"ok":0,"code":"internal","message":"boom"}' });
        });
        await page.getByTestId('logout-button').click();

        await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
        await expect(page.getByTestId('login-email')).toBeVisible();
        expect(logoutCalls).toBe(1);
        for (const key of SESSION_KEYS) expect(await readStorage(page, key), key).toBeNull();
        // Signed out for real: the dashboard now needs a login.
        await page.goto('/user/dashboard');
        await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
      });
    }

    test('logout revokes the token on the server', async ({ page, request, user }) => {
      await page.goto('/user/dashboard');
      await expect(page.getByTestId('plan-name')).toBeVisible();
      const token = await readStorage(page, 'access_token');
      expect(token).toBe(user.token);
      await page.getByTestId('logout-button').click();
      await expect(page.getByTestId('login-email')).toBeVisible();
      const answer = await request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } });
      expect(answer.status()).toBe(401);
    });
  });

  test('the user call runs on every navigation, the subscription call only once', async ({ page, user }) => {
    const userCalls: Request[] = [];
    const subscriptionCalls: Request[] = [];
    page.on('request', (request) => {
      if (isApi('/api/user')(request)) userCalls.push(request);
      if (isApi('/api/datasuscription')(request)) subscriptionCalls.push(request);
    });

    await loginWithForm(page, user);
    await expect(page.getByTestId('plan-name')).toBeVisible();
    await expect.poll(() => subscriptionCalls.length).toBe(1);
    const afterLogin = userCalls.length;

    const nav = page.locator('#app-navigation');
    // Templates and Cloud are one level down: their groups are opened first (no navigation, no call).
    const steps: [string | null, string, RegExp][] = [
      ['Communication', '/user/plantillas', /\/user\/plantillas$/],
      ['Files and activity', '/user/nube', /\/user\/nube$/],
      [null, '/user/dashboard', /\/user\/dashboard$/],
    ];
    for (const [index, [group, href, url]] of steps.entries()) {
      if (group) {
        await nav.getByRole('button', { name: group }).click();
        // Its entries slide open (a CSS transition): clicked while they moved, the link did not navigate
        // in a loaded run, which stayed on the dashboard with the pointer over the entry above it.
        await expect(nav.getByRole('button', { name: group })).toHaveAttribute('aria-expanded', 'true');
        await transitionsEnded(page);
      }
      await nav.locator(`a[href="${href}"]`).click();
      await expect(page).toHaveURL(url);
      await expect.poll(() => userCalls.length).toBe(afterLogin + index + 1);
    }
    await expect(page.getByTestId('user-dashboard')).toBeVisible();
    expect(subscriptionCalls).toHaveLength(1);
  });

  test.describe(() => {
    test.use({ signedIn: 'user' });

    test('requests carry X-Requested-With, the CSRF token of the page and the bearer token', async ({ page }) => {
      await page.goto('/user/dashboard');
      await expect(page.getByTestId('user-dashboard')).toBeVisible();
      await page.locator('#app-navigation').getByRole('button', { name: 'Files and activity' }).click();
      const userCall = page.waitForRequest(isApi('/api/user'));
      await page.locator('#app-navigation a[href="/user/nube"]').click();
      const headers = await (await userCall).allHeaders();

      const csrf = await page.locator('meta[name="csrf-token"]').getAttribute('content');
      const token = await readStorage(page, 'access_token');
      expect(csrf).toBeTruthy();
      expect(headers['x-requested-with']).toBeTruthy();
      expect(headers['x-csrf-token']).toBe(csrf);
      expect(headers.authorization).toBe(`Bearer ${token}`);
    });
  });

  // A registered user's saved language wins on every load (PRODUCT.md §3), so the header's switch
  // saves a signed-in user's choice: it survives a reload and follows them to another browser.
  test.describe(() => {
    test.use({ signedIn: 'user' });

    test('the language switch changes the visible text, and the choice is saved', async ({ page, user }) => {
      await page.goto('/user/dashboard');
      const heading = page.getByTestId('user-dashboard').getByRole('heading', { level: 1 });
      const name = { name: user.name };
      await expect(heading).toHaveText(message('en', 'dashboard', 'greeting', name));

      const switcher = page.getByTestId('language-switcher');
      await switcher.selectOption('es');
      await expect(heading).toHaveText(message('es', 'dashboard', 'greeting', name));
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');

      // The save of the last choice (the es one may still be on its way: saves go one after another).
      const saved = page.waitForResponse(
        (r) =>
          r.url().endsWith('/api/account/preferences') &&
          r.request().method() === 'PUT' &&
          (r.request().postDataJSON() as { locale?: string }).locale === 'jp',
      );
      await switcher.selectOption('jp');
      await expect(heading).toHaveText(message('jp', 'dashboard', 'greeting', name));
      await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
      const answer = await saved;
      expect(answer.status(), await answer.text()).toBe(200);
    });

    // What the switch saved (above) is applied on every load: a reload, and another browser whose own
    // stored language is still English.
    test('the saved language is applied after a reload and in another browser', async ({ page, browser, user }) => {
      const current = (await (await page.request.get('/api/account/preferences', { headers: user.headers })).json()) as {
        data: Record<string, unknown>;
      };
      const put = await page.request.put('/api/account/preferences', {
        headers: { ...user.headers, 'Content-Type': 'application/json' },
        data: { ...current.data, locale: 'jp' },
      });
      expect(put.status(), await put.text()).toBe(200);
      const name = { name: user.name };
      const heading = (on: Page) => on.getByTestId('user-dashboard').getByRole('heading', { level: 1 });
      await page.goto('/user/dashboard');
      await expect(heading(page)).toHaveText(message('jp', 'dashboard', 'greeting', name));
      await page.reload();
      await expect(heading(page)).toHaveText(message('jp', 'dashboard', 'greeting', name));
      const elsewhere = await browser.newContext({ storageState: user.state });
      const other = await elsewhere.newPage();
      await other.goto('/user/dashboard');
      await expect(heading(other)).toHaveText(message('jp', 'dashboard', 'greeting', name));
      await elsewhere.close();
    });
  });
});

test.describe('navigation', () => {
  test.use({ signedIn: 'user' });

  /** Whether the current page's item shows whole inside the navigation's scrolling viewport. */
  const activeItemInView = (page: Page) =>
    page.locator('#app-navigation').evaluate((nav) => {
      const viewport = nav.querySelector('.mantine-ScrollArea-viewport')!.getBoundingClientRect();
      const item = nav.querySelector('a[aria-current="page"]')?.getBoundingClientRect();
      return item !== undefined && item.top >= viewport.top - 0.5 && item.bottom <= viewport.bottom + 0.5;
    });

  test.describe(() => {
    test.use({ viewport: { width: 1280, height: 800 } });
    test('at 1280×800 a newcomer sees the few places that matter and the groups one level down; an opened group’s last item shows as current', async ({
      page,
    }) => {
      await page.goto('/user/dashboard');
      await expect(page.getByTestId('user-dashboard')).toBeVisible();
      const nav = page.locator('#app-navigation');
      await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'My card', 'Mailbox', 'Campaigns']);
      await expect(nav.getByRole('button', { expanded: false })).toHaveText([
        'Cards',
        'Smart tags',
        'Communication',
        'Files and activity',
        'Settings',
      ]);
      const fits = await page.getByTestId('app-navigation-scroll').evaluate((el) => {
        const viewport = el.querySelector<HTMLElement>('.mantine-ScrollArea-viewport')!;
        return viewport.scrollHeight <= viewport.clientHeight;
      });
      expect(fits, 'the navigation scrolls at 1280×800 with its groups closed').toBe(true);
      // Settings, the last group: opened where it stands, Options leads to its page and stays shown as current.
      await nav.getByRole('button', { name: 'Settings' }).click();
      const options = nav.locator('a[href="/user/opciones"]');
      await expect(options).toBeInViewport();
      await options.click();
      await expect(page).toHaveURL(/\/user\/opciones$/);
      await expect(options).toHaveAttribute('aria-current', 'page');
      await expect(options).toBeInViewport();
      expect(await activeItemInView(page)).toBe(true);
    });
  });

  test.describe(() => {
    test.use({ viewport: { width: 1280, height: 560 } });
    test('on a shorter screen the navigation scrolls to the current item: a deep link, the back button', async ({ page }) => {
      await page.goto('/user/opciones');
      const options = page.locator('#app-navigation a[href="/user/opciones"]');
      await expect(options).toHaveAttribute('aria-current', 'page');
      await expect.poll(() => activeItemInView(page)).toBe(true);
      await page.locator('#app-navigation a[href="/user/dashboard"]').click();
      await expect(page.getByTestId('user-dashboard')).toBeVisible();
      await expect.poll(() => activeItemInView(page)).toBe(true);
      // Back to Options, now below the scrolled navigation's fold: it scrolls into view again.
      await page.goBack();
      await expect(options).toHaveAttribute('aria-current', 'page');
      await expect.poll(() => activeItemInView(page)).toBe(true);
      await expect(options).toBeInViewport();
    });
  });
});
