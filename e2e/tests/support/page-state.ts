import { expect, type Page, type Request } from '@playwright/test';

/**
 * The page's API calls in flight (fetch/XHR; a stream such as an event source never ends), by URL.
 * Only the current document's calls count: a call the previous document left behind when the page
 * navigated may never report an end (Chromium drops it with its renderer), so loading a new document
 * forgets them.
 */
export function trackApiCalls(page: Page): () => string[] {
  const pending = new Set<Request>();
  // The notification stream of a signed-in page stays open for as long as the page does.
  const isCall = (r: Request) =>
    (r.resourceType() === 'fetch' || r.resourceType() === 'xhr') && !r.url().includes('/api/notifications/stream');
  page.on('request', (r) => {
    // A new document for the page (not a same-document route change of the SPA).
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) pending.clear();
    else if (isCall(r)) pending.add(r);
  });
  page.on('requestfinished', (r) => void pending.delete(r));
  page.on('requestfailed', (r) => void pending.delete(r));
  return () => [...pending].map((r) => `${r.method()} ${new URL(r.url()).pathname}`);
}

/**
 * Waits until the page shows its main heading, its data arrived and no navigation overlay, loader or
 * skeleton is left. Checked together: a lazy part (a chart) shows a skeleton while its code loads and
 * a list shows one from its first render, so while anything is still coming one of them is there.
 * A failure names what was still busy: the calls in flight by URL, the loaders by class.
 */
export async function settled(page: Page, inFlight: () => string[]): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const busy = page.locator(
    '.route-loading-overlay[data-visible="true"], .mantine-Loader-root:visible, .mantine-Skeleton-root[data-visible="true"]:visible',
  );
  await expect
    .poll(
      async () => [
        ...inFlight(),
        ...(await busy.evaluateAll((nodes) => nodes.map((node) => `<${node.tagName.toLowerCase()} class="${node.className}">`))),
      ],
      { message: 'API calls in flight, loaders or skeletons', intervals: [100] },
    )
    .toEqual([]);
}

/**
 * Waits until no CSS transition or finite animation runs on the page (endless ones, a loader's spin or
 * a skeleton's pulse, never end). Mantine animates with CSS transitions whatever the reduced-motion
 * setting: a group of the navigation opening, a dialog fading in.
 */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** The colour-scheme choice as Mantine keeps it (`apps/web/src/lib/apply-preferences.ts`). */
export const SCHEME_KEY = 'mantine-color-scheme-value';

/**
 * Turns an open SPA page to a colour scheme without reloading it, as the header's switch does: the
 * system scheme and the stored choice, announced the way `applyColorScheme` announces it, so Mantine
 * redraws every component in the new scheme.
 */
export async function switchColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate(
    ([key, value]) => {
      window.localStorage.setItem(key!, value!);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: window.localStorage }));
    },
    [SCHEME_KEY, scheme],
  );
}
