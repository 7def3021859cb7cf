import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rateLimitEvents } from '../platform/schema.js';
import { sha256 } from './crypto.js';
import { AppError, type ErrorCode } from './errors.js';

export type Limit = { key: string; max: number; windowMs: number };

/** IPv6 clients usually hold a whole /64: limits apply to the /64, not to each address in it. */
export function addressKey(address: string): string {
  if (!address.includes(':') || address.startsWith('::ffff:')) return address.replace(/^::ffff:/, '');
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Rate limits kept in the database, so they hold across API processes. `check` refuses with 429 and
 * Retry-After when a key already has `max` events in its window; `record` adds events.
 */
export function createRateLimiter(db: Database) {
  return {
    async check(limits: Limit[], code: ErrorCode = 'request.throttled', now = Date.now()): Promise<void> {
      for (const limit of limits) {
        const [row] = await db
          .select({ n: count(), oldest: sql<string | null>`min(${rateLimitEvents.createdAt})` })
          .from(rateLimitEvents)
          .where(and(eq(rateLimitEvents.keyHash, sha256(limit.key)), gt(rateLimitEvents.createdAt, new Date(now - limit.windowMs))));
        if ((row?.n ?? 0) >= limit.max) {
          const oldest = row?.oldest ? new Date(row.oldest).getTime() : now;
          const seconds = Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000));
          throw new AppError(code, { seconds, count: seconds }, undefined, { 'Retry-After': String(seconds) });
        }
      }
    },

    async record(keys: string[], now = Date.now()): Promise<void> {
      await db.insert(rateLimitEvents).values(keys.map((key) => ({ keyHash: sha256(key) })));
      await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(now - PRUNE_AFTER_MS)));
    },

    /**
     * Counts this attempt first, then checks: concurrent attempts cannot all pass a check made
     * before any of them was recorded. Returns the recorded rows, so a caller may release them
     * (a successful sign-in does not count as a failure). `countRefused: false` takes a refused
     * attempt's rows out again: whoever keeps trying past a limit does not keep it closed by trying.
     */
    async hit(
      limits: Limit[],
      code: ErrorCode = 'request.throttled',
      { now = Date.now(), countRefused = true }: { now?: number; countRefused?: boolean } = {},
    ): Promise<string[]> {
      const rows = await db
        .insert(rateLimitEvents)
        .values(limits.map((l) => ({ keyHash: sha256(l.key) })))
        .returning({ id: rateLimitEvents.id });
      const ids = rows.map((r) => r.id);
      for (const limit of limits) {
        const [row] = await db
          .select({ n: count(), oldest: sql<string | null>`min(${rateLimitEvents.createdAt})` })
          .from(rateLimitEvents)
          .where(and(eq(rateLimitEvents.keyHash, sha256(limit.key)), gt(rateLimitEvents.createdAt, new Date(now - limit.windowMs))));
        if ((row?.n ?? 0) > limit.max) {
          const oldest = row?.oldest ? new Date(row.oldest).getTime() : now;
          const seconds = Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000));
          if (!countRefused) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids));
          throw new AppError(code, { seconds, count: seconds }, undefined, { 'Retry-After': String(seconds) });
        }
      }
      if (Math.random() < 0.01) await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(now - PRUNE_AFTER_MS)));
      return ids;
    },

    async release(ids: string[]): Promise<void> {
      if (ids.length) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids));
    },

    /** check, then count this attempt. */
    async consume(limits: Limit[], code: ErrorCode = 'request.throttled'): Promise<void> {
      await this.check(limits, code);
      await this.record(limits.map((l) => l.key));
    },

    /** Events of one key in the last `windowMs` (the sign-in's "repeated failures" notice reads it). */
    async count(key: string, windowMs: number, now = Date.now()): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(rateLimitEvents)
        .where(and(eq(rateLimitEvents.keyHash, sha256(key)), gt(rateLimitEvents.createdAt, new Date(now - windowMs))));
      return row?.n ?? 0;
    },

    async clear(key: string): Promise<void> {
      await db.delete(rateLimitEvents).where(eq(rateLimitEvents.keyHash, sha256(key)));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
