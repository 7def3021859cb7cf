import { expect, type Page } from '@playwright/test';

/** Counts the page's API calls in flight (fetch/XHR; a stream such as an event source never ends). */
export function trackApiCalls(page: Page): () => number {
  const pending = new Set<unknown>();
  // The notification stream of a signed-in page stays open for as long as the page does.
  const isCall = (r: { resourceType(): string; url(): string }) =>
    (r.resourceType() === 'fetch' || r.resourceType() === 'xhr') && !r.url().includes('/api/notifications/stream');
  page.on('request', (r) => void (isCall(r) && pending.add(r)));
  page.on('requestfinished', (r) => void pending.delete(r));
  page.on('requestfailed', (r) => void pending.delete(r));
  return () => pending.size;
}

/**
 * Waits until the page shows its main heading, its data arrived and no navigation overlay, loader or
 * skeleton is left. Checked together: a lazy part (a chart) shows a skeleton while its code loads and
 * a list shows one from its first render, so while anything is still coming one of them is there.
 */
export async function settled(page: Page, inFlight: () => number): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const busy = page.locator(
    '.route-loading-overlay[data-visible="true"], .mantine-Loader-root:visible, .mantine-Skeleton-root[data-visible="true"]:visible',
  );
  await expect
    .poll(async () => inFlight() + (await busy.count()), { message: 'API calls in flight, loaders or skeletons', intervals: [100] })
    .toBe(0);
}
