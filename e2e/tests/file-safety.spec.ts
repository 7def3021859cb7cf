import { expect, test, type Page } from '@playwright/test';
import { apiToken, bearer, login } from './support/session';

/** A one-page PDF whose OpenAction runs JavaScript (`app.alert`) as soon as a viewer opens it. */
function pdfWithScript(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    "<< /Type /Action /S /JavaScript /JS (app.alert\\('pdf-script-ran'\\);) >>",
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Every CSP violation a page reports, and every console line about one. The page hands each report to the test as it
 * happens (an exposed function), so a page that navigates away on its own (a signed-in visitor sent on from /register)
 * loses none and never leaves the test reading a destroyed context.
 */
async function watchViolations(page: Page): Promise<() => string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval|Refused to/i.test(message.text())) seen.push(message.text());
  });
  await page.exposeFunction('__reportViolation', (line: string) => seen.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { __reportViolation: (line: string) => Promise<void> }).__reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return () => [...seen];
}

test('a PDF with a script, opened at its signed address, runs nothing', async ({ page, request }) => {
  const token = await apiToken(request, 'user');
  const uploaded = await request.post('/api/files', {
    headers: bearer(token),
    multipart: { file: { name: 'brochure.html', mimeType: 'application/pdf', buffer: pdfWithScript() } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const file = ((await uploaded.json()) as { data: { url: string; name: string }[] }).data[0]!;
  expect(file.name).toBe('brochure.pdf');

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const download = page.waitForEvent('download', { timeout: 10_000 }).catch(() => null);
  // An attachment starts a download instead of a page, which Playwright reports as a failed navigation.
  await page.goto(file.url).catch((error: Error) => expect(error.message).toMatch(/Download is starting|net::ERR_ABORTED/));
  await page.waitForTimeout(3000);
  expect(dialogs).toEqual([]);
  // It is saved (under the name of its type), not shown.
  expect((await download)?.suggestedFilename()).toBe('brochure.pdf');
});

test('signed-in pages report no CSP violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await login(page, 'user');
  for (const path of ['/user/dashboard', '/user/nube', '/user/historial', '/register']) {
    await page.goto(path);
    // Not 'networkidle': a signed-in page keeps its notification stream open.
    await page.waitForLoadState('load');
    await page.waitForTimeout(500);
    expect(violations(), path).toEqual([]);
  }
});
