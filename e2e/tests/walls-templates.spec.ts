import type { FrameLocator, Locator, Page } from '@playwright/test';
import { dataOf, expect, test } from './support/fixtures';
import { emailsTo, lastEmailId } from './support/mailbox';

const XSS = [
  '<script>alert("script")</script>',
  '<img src="x" onerror="alert(\'onerror\')">',
  '<a href="javascript:alert(\'href\')">a link</a>',
  '<iframe src="javascript:alert(\'iframe\')"></iframe>',
  '<p style="width: expression(alert(\'css\'))">styled</p>',
  '<svg><script>alert("svg")</script></svg>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
].join('');

/**
 * Waits until every image of `where` has loaded or failed: the payloads' error and load handlers
 * (the only way left for them to run once the HTML is in) have had their turn.
 */
async function imagesDone(where: Locator | FrameLocator): Promise<void> {
  const images = where.locator('img');
  await expect.poll(() => images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).complete))).toBe(true);
}

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
  test.use({ signedIn: 'user' });

  test('write a template, preview it with sample data and send a test to myself', async ({ page, request, user }) => {
    const dialogs = watchDialogs(page);
    const stamp = Date.now().toString(36);
    // One with every payload, saved through the API: its preview must stay inert.
    const risky = await dataOf<{ id: string }>(
      await request.post('/api/templates', {
        headers: user.headers,
        data: { name: `Risky ${stamp}`, subject: 'Risky', bodyHtml: `<p>Visible text</p>${XSS}` },
      }),
      201,
    );
    const before = await lastEmailId(user.email);

    await page.goto('/user/plantillas');
    await page.getByTestId('template-new').click();
    await page.getByTestId('template-name').fill(`Welcome ${stamp}`);
    await page.getByTestId('template-subject').fill(`Hello {{nombre}} ${stamp}`);
    const body = page.getByTestId('template-body');
    await body.pressSequentially('Thanks for writing, ');
    await expect(body).toHaveText('Thanks for writing,');
    await page.getByTestId('merge-field-menu').click();
    await page.getByRole('menuitem', { name: /Name/ }).click();
    // The menu inserts the field by its English name (an English user); the menu gives the focus back
    // to its button as it closes: type once it has closed, into the editor.
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(body).toHaveText('Thanks for writing, {{name}}');
    await body.press('Control+End');
    await body.pressSequentially('!');
    await expect(body).toHaveText('Thanks for writing, {{name}}!');
    // The live preview: rendered by the server with sample values (my own name).
    await expect(page.getByTestId('template-preview-subject')).toHaveText(`Hello ${user.name} ${stamp}`);
    await expect(page.frameLocator('[data-testid="template-preview"]').locator('body')).toContainText(`Thanks for writing, ${user.name}!`);
    await expect(page.getByTestId('template-preview')).toHaveAttribute('sandbox', '');
    await page.getByRole('tab', { name: 'Plain text' }).click();
    await expect(page.getByTestId('template-preview-text')).toContainText(`Thanks for writing, ${user.name}!`);

    // An unknown field is refused, naming it.
    await page.getByTestId('template-subject').fill('Hello {{apellido}}');
    await page.getByTestId('template-save').click();
    await expect(page.getByTestId('template-error')).toContainText('{{apellido}}');
    await page.getByTestId('template-subject').fill(`Hello {{nombre}} ${stamp}`);
    await page.getByTestId('template-save').click();
    await expect(page).toHaveURL(/\/user\/plantillas\?edit=/);
    await page.getByTestId('template-test').click();
    await expect(page.getByText(`A test was sent to ${user.email}.`)).toBeVisible();
    await expect
      .poll(async () => (await emailsTo(user.email)).find((m) => m.id > before && m.subject === `Hello ${user.name} ${stamp}`), {
        timeout: 20_000,
      })
      .toMatchObject({
        html: expect.stringContaining('Thanks for writing'),
        text: expect.stringContaining(`Thanks for writing, ${user.name}!`),
      });

    // The risky template's preview shows its text and runs nothing.
    await page.goto(`/user/plantillas?edit=${risky.id}`);
    const preview = page.frameLocator('[data-testid="template-preview"]');
    await expect(preview.locator('body')).toContainText('Visible text');
    await imagesDone(preview);
    expect(dialogs).toEqual([]);
  });

  test('publish a wall post and see it on the public page; payloads never run there', async ({ page, request, user }) => {
    const dialogs = watchDialogs(page);
    const { headers } = user;
    const { id: profileId, publicPath } = await dataOf<{ id: string; publicPath: string }>(
      await request.post('/api/profiles', {
        headers,
        data: { kind: 'card', wall: true, card: { firstName: 'Wanda', lastName: `Wall ${Date.now().toString(36)}` } },
      }),
      201,
    );
    const risky = await dataOf<{ id: string }>(
      await request.post('/api/walls/posts', {
        headers,
        data: { profileId, title: 'Risky post', bodyHtml: `<p>Harmless words</p>${XSS}` },
      }),
      201,
    );
    await dataOf(await request.post(`/api/walls/posts/${risky.id}/publish`, { headers, data: { action: 'publish' } }));

    await page.goto(`/user/muros?profile=${profileId}`);
    await page.getByTestId('post-new').click();
    // The dialog is styled whatever chunk loaded it: the "pinned" checkbox's check mark is the box's
    // size, not the dialog's width (it was 750 px when Checkbox's stylesheet came only with other pages).
    const checkMark = await page.getByRole('dialog').locator('.mantine-Checkbox-icon').boundingBox();
    expect(checkMark?.width).toBeLessThan(40);
    await page.getByTestId('post-title').fill('Opening hours');
    const postBody = page.getByTestId('post-body');
    await postBody.pressSequentially('We are open on Sundays.');
    await expect(postBody).toHaveText('We are open on Sundays.');
    await page.getByTestId('post-link').fill('example.com/hours');
    await page.getByTestId('post-save').click();
    const card = page.getByTestId('wall-post').filter({ hasText: 'Opening hours' });
    await expect(card).toContainText('Draft');
    await card.getByTestId('post-publish').click();
    await expect(card).toContainText('Published');

    await page.goto(publicPath);
    const wall = page.getByTestId('public-wall');
    await expect(wall.getByTestId('public-wall-post').first()).toContainText('Opening hours');
    await expect(wall).toContainText('We are open on Sundays.');
    await expect(wall.getByRole('link', { name: 'example.com' })).toHaveAttribute('href', 'https://example.com/hours');
    await expect(wall).toContainText('Harmless words');
    await imagesDone(wall);
    expect(dialogs).toEqual([]);
  });
});
