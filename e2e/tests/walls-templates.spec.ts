import { expect, test, type Page } from '@playwright/test';
import { DEMO_USER } from './support/accounts';
import { emailsTo } from './support/mailbox';
import { apiToken, bearer, login } from './support/session';

const XSS = [
  '<script>alert("script")</script>',
  '<img src="x" onerror="alert(\'onerror\')">',
  '<a href="javascript:alert(\'href\')">a link</a>',
  '<iframe src="javascript:alert(\'iframe\')"></iframe>',
  '<p style="width: expression(alert(\'css\'))">styled</p>',
  '<svg><script>alert("svg")</script></svg>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
].join('');

/** Every dialog a page opens (none may open: it would mean a payload ran). */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

test.describe('walls and templates', () => {
  test('write a template, preview it with sample data and send a test to myself', async ({ page, request }) => {
    const dialogs = watchDialogs(page);
    const token = await apiToken(request, 'user');
    const stamp = Date.now().toString(36);
    // One with every payload, saved through the API: its preview must stay inert.
    const risky = await request.post('/api/templates', {
      headers: bearer(token),
      data: { name: `Risky ${stamp}`, subject: 'Risky', bodyHtml: `<p>Visible text</p>${XSS}` },
    });
    expect(risky.status(), await risky.text()).toBe(201);
    const before = (await emailsTo(DEMO_USER.email)).length;

    await login(page, 'user');
    await page.goto('/user/plantillas');
    await page.getByTestId('template-new').click();
    await page.getByTestId('template-name').fill(`Welcome ${stamp}`);
    await page.getByTestId('template-subject').fill(`Hello {{nombre}} ${stamp}`);
    const body = page.getByTestId('template-body');
    await body.click();
    await page.keyboard.type('Thanks for writing, ');
    await page.getByTestId('merge-field-menu').click();
    await page.getByRole('menuitem', { name: /Name/ }).click();
    await page.keyboard.type('!');
    // The live preview: rendered by the server with sample values (my own name).
    await expect(page.getByTestId('template-preview-subject')).toHaveText(`Hello ${DEMO_USER.name} ${stamp}`);
    await expect(page.frameLocator('[data-testid="template-preview"]').locator('body')).toContainText(
      `Thanks for writing, ${DEMO_USER.name}!`,
    );
    await expect(page.getByTestId('template-preview')).toHaveAttribute('sandbox', '');
    await page.getByRole('tab', { name: 'Plain text' }).click();
    await expect(page.getByTestId('template-preview-text')).toContainText(`Thanks for writing, ${DEMO_USER.name}!`);

    // An unknown field is refused, naming it.
    await page.getByTestId('template-subject').fill('Hello {{apellido}}');
    await page.getByTestId('template-save').click();
    await expect(page.getByTestId('template-error')).toContainText('{{apellido}}');
    await page.getByTestId('template-subject').fill(`Hello {{nombre}} ${stamp}`);
    await page.getByTestId('template-save').click();
    await expect(page).toHaveURL(/\/user\/plantillas\?edit=/);
    await page.getByTestId('template-test').click();
    await expect(page.getByText(`A test was sent to ${DEMO_USER.email}.`)).toBeVisible();
    await expect
      .poll(async () => (await emailsTo(DEMO_USER.email)).slice(before).find((m) => m.subject === `Hello ${DEMO_USER.name} ${stamp}`), {
        timeout: 20_000,
      })
      .toMatchObject({
        html: expect.stringContaining('Thanks for writing'),
        text: expect.stringContaining(`Thanks for writing, ${DEMO_USER.name}!`),
      });

    // The risky template's preview shows its text and runs nothing.
    await page.goto(`/user/plantillas?edit=${((await risky.json()) as { data: { id: string } }).data.id}`);
    await expect(page.frameLocator('[data-testid="template-preview"]').locator('body')).toContainText('Visible text');
    await page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
  });

  test('publish a wall post and see it on the public page; payloads never run there', async ({ page, request }) => {
    const dialogs = watchDialogs(page);
    const token = await apiToken(request, 'user');
    const created = await request.post('/api/profiles', {
      headers: bearer(token),
      data: { kind: 'card', wall: true, card: { firstName: 'Wanda', lastName: `Wall ${Date.now().toString(36)}` } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const profileId = ((await created.json()) as { data: { id: string } }).data.id;
    const risky = await request.post('/api/walls/posts', {
      headers: bearer(token),
      data: { profileId, title: 'Risky post', bodyHtml: `<p>Harmless words</p>${XSS}` },
    });
    const riskyId = ((await risky.json()) as { data: { id: string } }).data.id;
    expect(
      (await request.post(`/api/walls/posts/${riskyId}/publish`, { headers: bearer(token), data: { action: 'publish' } })).status(),
    ).toBe(200);

    await login(page, 'user');
    await page.goto(`/user/muros?profile=${profileId}`);
    await page.getByTestId('post-new').click();
    await page.getByTestId('post-title').fill('Opening hours');
    await page.getByTestId('post-body').click();
    await page.keyboard.type('We are open on Sundays.');
    await page.getByTestId('post-link').fill('example.com/hours');
    await page.getByTestId('post-save').click();
    const card = page.getByTestId('wall-post').filter({ hasText: 'Opening hours' });
    await expect(card).toContainText('Draft');
    await card.getByTestId('post-publish').click();
    await expect(card).toContainText('Published');

    await page.goto(`/link/demo/${profileId}`);
    const wall = page.getByTestId('public-wall');
    await expect(wall.getByTestId('public-wall-post').first()).toContainText('Opening hours');
    await expect(wall).toContainText('We are open on Sundays.');
    await expect(wall.getByRole('link', { name: 'example.com' })).toHaveAttribute('href', 'https://example.com/hours');
    await expect(wall).toContainText('Harmless words');
    await page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
  });
});
