import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { PublicProfile } from '@enlaza/contracts';
import { describe, expect, it, vi } from 'vitest';
import { RenderedPages } from '../../src/modules/public-profile/page/rendered-pages.js';
import { compressBody } from '../../src/platform/compression.js';
import type { PageProfile } from '../../src/modules/public-profile/service.js';

// The public page's rendered-page cache (modules/public-profile/page/rendered-pages.ts), on its own:
// bounded by bytes, reused across profile-cache reloads of the same content, never serving a changed profile's old page.

/** A profile cache entry as the service gives it: a new object each time the profile cache loads it. */
const found = (id: string, jobTitle: string, visibility: PageProfile['visibility'] = 'public'): PageProfile => ({
  profile: { id, alias: 'ana', card: { firstName: 'Ana', jobTitle } } as unknown as PublicProfile,
  visibility,
  ownerLocale: 'es',
  wall: null,
});

/** A page of `size` bytes of varied text (so it does not compress to nothing) naming the job title. */
const page = (entry: PageProfile, size = 2000) => {
  const title = (entry.profile as unknown as { card: { jobTitle: string } }).card.jobTitle;
  let text = `<h1>${title}</h1>`;
  for (let i = 0; text.length < size; i++) text += `<p>${entry.profile.id} ${i} ${(i * 7919) % 10007}</p>`;
  return text;
};

describe('rendered public pages', () => {
  it('renders once per content, language and encoding, and serves the same bytes after', () => {
    const cache = new RenderedPages(1024 * 1024);
    const entry = found('p1', 'Architect');
    const render = vi.fn(() => page(entry));
    const first = cache.get(entry, 'en', 'br', render);
    const second = cache.get(entry, 'en', 'br', render);
    expect([first.hit, second.hit]).toEqual([false, true]);
    expect(brotliDecompressSync(second.body).toString()).toBe(page(entry));
    expect(render).toHaveBeenCalledTimes(1);
    // Only what was asked for is kept (a brotli copy, not the plain page): gzip is rendered again…
    expect(gunzipSync(cache.get(entry, 'en', 'gzip', render).body).toString()).toBe(page(entry));
    // …and so is another language.
    cache.get(entry, 'es', 'identity', render);
    expect(render).toHaveBeenCalledTimes(3);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 3, entries: 1 });
  });

  it('reuses the pages when the profile cache reloads the same content, and drops them when it changed', () => {
    const cache = new RenderedPages(1024 * 1024);
    const render = vi.fn((entry: PageProfile) => page(entry));
    const before = found('p1', 'Architect');
    cache.get(before, 'en', 'identity', () => render(before));
    // The profile cache's minute is over: the same profile, a new object.
    const reloaded = found('p1', 'Architect');
    expect(cache.get(reloaded, 'en', 'identity', () => render(reloaded)).hit).toBe(true);
    expect(render).toHaveBeenCalledTimes(1);
    // Changed: rendered again, never the old page.
    const changed = found('p1', 'Engineer');
    const answer = cache.get(changed, 'en', 'identity', () => render(changed));
    expect(answer.hit).toBe(false);
    expect(answer.body.toString()).toContain('Engineer');
    // Its visibility is part of the page (the robots meta tag): a change of it alone is a new page too.
    expect(cache.get(found('p1', 'Engineer', 'unlisted'), 'en', 'identity', () => 'unlisted').hit).toBe(false);
    // A request still holding the old entry gets its page made again, not another profile's.
    expect(cache.get(before, 'en', 'identity', () => render(before)).body.toString()).toContain('Architect');
  });

  it('keeps at most its bytes, the least recently read profile going first', () => {
    const limit = 10_000;
    const cache = new RenderedPages(limit);
    const entries = Array.from({ length: 6 }, (_, i) => found(`p${i}`, 'Architect'));
    for (const entry of entries.slice(0, 4)) cache.get(entry, 'en', 'identity', () => page(entry, 3000));
    // 4 × 3,000 bytes > 10,000: the first one went.
    expect(cache.stats().bytes).toBeLessThanOrEqual(limit);
    expect(cache.stats().entries).toBe(3);
    // p1 read again: now the most recent; the next one in pushes out p2, not p1.
    expect(cache.get(entries[1]!, 'en', 'identity', () => page(entries[1]!, 3000)).hit).toBe(true);
    cache.get(entries[4]!, 'en', 'identity', () => page(entries[4]!, 3000));
    expect(cache.get(entries[1]!, 'en', 'identity', () => page(entries[1]!, 3000)).hit).toBe(true);
    expect(cache.get(entries[2]!, 'en', 'identity', () => page(entries[2]!, 3000)).hit).toBe(false);
    expect(cache.get(entries[0]!, 'en', 'identity', () => page(entries[0]!, 3000)).hit).toBe(false);
    expect(cache.stats().bytes).toBeLessThanOrEqual(limit);
  });

  it('compresses a page with a window fitted to it, readable by any brotli or gzip decoder', () => {
    const html = page(found('p1', 'Architect'), 9000);
    const plain = Buffer.from(html);
    const fitted = compressBody('br', plain);
    expect(brotliDecompressSync(fitted).toString()).toBe(html);
    expect(fitted.length).toBeLessThan(plain.length / 2);
    expect(gunzipSync(compressBody('gzip', plain)).toString()).toBe(html);
  });
});
