import type { Page } from '@playwright/test';
import { dataOf, expect, test } from './support/fixtures';
import { settled, trackApiCalls } from './support/page-state';

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

test('a PDF with a script, opened at its signed address, runs nothing', async ({ page, request, user }) => {
  const [file] = await dataOf<{ url: string; name: string }[]>(
    await request.post('/api/files', {
      headers: user.headers,
      multipart: { file: { name: 'brochure.html', mimeType: 'application/pdf', buffer: pdfWithScript() } },
    }),
    201,
  );
  expect(file!.name).toBe('brochure.pdf');

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const download = page.waitForEvent('download');
  // An attachment starts a download instead of a page, which Playwright reports as a failed navigation.
  await page.goto(file!.url).catch((error: Error) => expect(error.message).toMatch(/Download is starting|net::ERR_ABORTED/));
  // It is saved (under the name of its type), not shown: the whole file is on disk and no viewer opened it.
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('brochure.pdf');
  expect(await saved.path()).toBeTruthy();
  expect(page.url()).not.toBe(file!.url);
  expect(dialogs).toEqual([]);
});

test.describe(() => {
  test.use({ signedIn: 'user' });

  test('signed-in pages report no CSP violation', async ({ page }) => {
    const violations = await watchViolations(page);
    const inFlight = trackApiCalls(page);
    // /register sends a signed-in visitor on to the dashboard: checked where each page ends.
    for (const [path, landing] of [
      ['/user/dashboard', /\/user\/dashboard$/],
      ['/user/nube', /\/user\/nube$/],
      ['/user/historial', /\/user\/historial$/],
      ['/register', /\/user\/dashboard$/],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(landing);
      // Settled rather than 'networkidle': a signed-in page keeps its notification stream open.
      await settled(page, inFlight);
      expect(violations(), path).toEqual([]);
    }
  });
});
