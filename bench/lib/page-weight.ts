import { gzipSync } from 'node:zlib';
import { chromium, type Response } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Opens a page in Chromium (a first visit: empty cache) and sums the gzip size of every script and
 * stylesheet it loaded, and the size of its font files (woff2: compressed already, sent as they are);
 * `requests` counts every request made until the network was idle.
 */
export async function pageWeight(
  url: string,
): Promise<{ js: number; css: number; fonts: number; requests: number; files: { url: string; gzip: number }[] }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const pending: Promise<{ url: string; type: string; gzip: number }>[] = [];
    const fonts: Promise<number>[] = [];
    let requests = 0;
    page.on('request', (request) => {
      if (!request.url().startsWith('data:')) requests++;
    });
    const onResponse = (response: Response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet')
        pending.push(response.body().then((body) => ({ url: response.url(), type, gzip: gzipSync(body).length })));
      if (type === 'font') fonts.push(response.body().then((body) => body.length));
    };
    page.on('response', onResponse);
    await page.goto(url, { waitUntil: 'networkidle' });
    // What the page loads once its network was idle is not its first load: a response coming in while
    // the sums were taken had its body asked for as the browser closed, which failed the caller.
    page.off('response', onResponse);
    const files = await Promise.all(pending);
    const sum = (type: string) => files.filter((f) => f.type === type).reduce((n, f) => n + f.gzip, 0);
    const fontBytes = (await Promise.all(fonts)).reduce((n, size) => n + size, 0);
    return {
      js: sum('script'),
      css: sum('stylesheet'),
      fonts: fontBytes,
      requests,
      files: files.map(({ url: u, gzip }) => ({ url: u, gzip })),
    };
  } finally {
    await browser.close();
  }
}
