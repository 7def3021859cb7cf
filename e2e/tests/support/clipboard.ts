import { expect, type Page } from '@playwright/test';

/**
 * Clicks a copy button and reads what it copied, clicking again when another test's copy came in
 * between. The clipboard is the machine's, not a browser context's: the two workers' browsers share
 * it, and the DNS record, DKIM key and email signature tests copy at the same moments (a run read the
 * other worker's record value where the signature's HTML should have been). A copy that lands while
 * this one is being read makes Chromium refuse the read ("Clipboard data has changed"): that too
 * is the other worker's copy, and clicking again settles it.
 */
export async function copiedBy<T>(page: Page, copy: () => Promise<void>, read: (page: Page) => Promise<T>, ours: (value: T) => boolean) {
  let value: T | undefined;
  await expect
    .poll(
      async () => {
        await copy();
        try {
          value = await read(page);
        } catch (error) {
          if (String(error).includes('Clipboard data has changed')) return false;
          throw error;
        }
        return ours(value);
      },
      { intervals: [100, 250, 500] },
    )
    .toBe(true);
  return value as T;
}

/** The clipboard's text. */
export const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
