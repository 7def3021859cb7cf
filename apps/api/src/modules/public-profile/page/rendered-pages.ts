import { createHash } from 'node:crypto';
import type { Locale } from '@enlaza/contracts';
import { compressBody, type BodyEncoding } from '../../../platform/compression.js';
import type { PageProfile } from '../service.js';

/** What a profile's pages are made of: the same content gives the same pages. */
const fingerprint = ({ profile, visibility, wall }: PageProfile) =>
  createHash('sha256')
    .update(JSON.stringify([profile, visibility, wall]))
    .digest('base64');

/** One profile's rendered pages, by `locale:encoding`. */
type Entry = { id: string; fingerprint: string; pages: Map<string, Buffer>; bytes: number; evicted: boolean };

export type RenderedPagesStats = { hits: number; misses: number; entries: number; bytes: number; maxBytes: number };

/**
 * A visitor's page is the same HTML for everyone who reads it in one language (the CSRF token
 * travels in a cookie), so it is rendered and compressed once per profile content, language and
 * encoding, and served from memory.
 *
 * - At most `maxBytes` of pages are kept (PUBLIC_PAGE_CACHE_MB), the least recently read profile's
 *   pages going first; a profile evicted and visited again is rendered again.
 * - Found by the public profile cache's entry first (the same object: no work), else by the
 *   profile's id and a fingerprint of its content: when the profile cache reloads an entry after its
 *   minute and nothing changed, the pages already made are used again instead of re-rendered; a
 *   changed profile, visibility or wall is a new fingerprint, and its old pages are dropped.
 * - Compressed once per encoding asked for (platform compressBody: brotli quality 6, window fitted); only what was asked for is kept.
 */
export class RenderedPages {
  private readonly byObject = new WeakMap<PageProfile['profile'], Entry>();
  /** Least recently read first (a Map keeps insertion order; a read moves the entry to the end). */
  private readonly byId = new Map<string, Entry>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;

  constructor(private readonly maxBytes: number) {}

  /** The page's body in `encoding`; `hit` when it was already made. `host`: a custom domain's page (its own links), kept apart. */
  get(found: PageProfile, locale: Locale, encoding: BodyEncoding, render: () => string, host = ''): { body: Buffer; hit: boolean } {
    const entry = this.entryOf(found);
    const key = `${host}:${locale}:${encoding}`;
    const kept = entry.pages.get(key);
    if (kept) {
      this.hits++;
      return { body: kept, hit: true };
    }
    this.misses++;
    const plain = entry.pages.get(`${host}:${locale}:identity`) ?? Buffer.from(render());
    if (encoding === 'identity') {
      this.store(entry, key, plain);
      return { body: plain, hit: false };
    }
    const body = compressBody(encoding, plain);
    this.store(entry, key, body);
    return { body, hit: false };
  }

  stats(): RenderedPagesStats {
    return { hits: this.hits, misses: this.misses, entries: this.byId.size, bytes: this.bytes, maxBytes: this.maxBytes };
  }

  private entryOf(found: PageProfile): Entry {
    const known = this.byObject.get(found.profile);
    if (known && !known.evicted) return this.touch(known);
    const id = found.profile.id;
    const print = fingerprint(found);
    let entry = this.byId.get(id);
    if (entry && entry.fingerprint !== print) {
      this.evict(entry);
      entry = undefined;
    }
    if (!entry) {
      entry = { id, fingerprint: print, pages: new Map(), bytes: 0, evicted: false };
      this.byId.set(id, entry);
    } else this.touch(entry);
    this.byObject.set(found.profile, entry);
    return entry;
  }

  private touch(entry: Entry): Entry {
    this.byId.delete(entry.id);
    this.byId.set(entry.id, entry);
    return entry;
  }

  private store(entry: Entry, key: string, body: Buffer) {
    if (entry.evicted) return;
    const previous = entry.pages.get(key);
    entry.pages.set(key, body);
    const delta = body.length - (previous?.length ?? 0);
    entry.bytes += delta;
    this.bytes += delta;
    // Oldest first; the entry just written stays, even alone over the limit (it is being sent).
    for (const oldest of this.byId.values()) {
      if (this.bytes <= this.maxBytes) break;
      if (oldest !== entry) this.evict(oldest);
    }
  }

  /** Frees an entry's pages (a profile cache entry may still point at it: it is then made again). */
  private evict(entry: Entry) {
    entry.evicted = true;
    this.bytes -= entry.bytes;
    entry.bytes = 0;
    entry.pages.clear();
    if (this.byId.get(entry.id) === entry) this.byId.delete(entry.id);
  }
}
