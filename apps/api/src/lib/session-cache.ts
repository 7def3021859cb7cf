/**
 * Sessions recently resolved by this process, so an authenticated request usually needs no
 * database round trip. Correctness comes from invalidation, not from the time limit:
 * - the process's own changes to a user or a session drop that user's entries at once;
 * - triggers on `users` and `sessions` NOTIFY `enlaza_auth` with the user id, which every API
 *   process LISTENs to, so changes made by other processes (or by hand) drop them within
 *   milliseconds;
 * - while that LISTEN connection is down nothing is served from the cache;
 * - and no entry lives longer than `ttlMs` whatever happens.
 *
 * With `refreshAfterMs`, an entry read after that age (plus a random part of `refreshJitterMs`, so
 * entries stored together are not all due together) is due for a refresh: `claimRefresh` says so
 * once, and the caller reloads it in the background while the entry keeps being served, so an
 * entry read often is replaced before `ttlMs` instead of missed. A claim that leads nowhere (the
 * reload failed, or an invalidation raced it) can be made again `REFRESH_RETRY_MS` later.
 */
const REFRESH_RETRY_MS = 2000;

export function createSessionCache<T extends { userId: string }>(options: {
  ttlMs: number;
  maxEntries: number;
  refreshAfterMs?: number;
  refreshJitterMs?: number;
}) {
  const entries = new Map<string, T & { storedAt: number; refreshAt: number }>();
  const byUser = new Map<string, Set<string>>();
  let enabled = false;
  /** Bumped by every invalidation: a lookup that began before one must not fill the cache. */
  let generation = 0;

  function clear() {
    generation += 1;
    entries.clear();
    byUser.clear();
  }

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = byUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) byUser.delete(entry.userId);
  }

  return {
    get(key: string, now = Date.now()): T | undefined {
      if (!enabled) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now - entry.storedAt > options.ttlMs) {
        remove(key);
        return undefined;
      }
      return entry;
    },

    /**
     * True when the entry is live and due for a refresh (see `refreshAfterMs`) and nobody claimed it
     * in the last REFRESH_RETRY_MS: the caller reloads it (taking a `stamp` first) and `set`s it.
     */
    claimRefresh(key: string, now = Date.now()): boolean {
      if (!enabled) return false;
      const entry = entries.get(key);
      if (!entry || now < entry.refreshAt || now - entry.storedAt > options.ttlMs) return false;
      entry.refreshAt = now + REFRESH_RETRY_MS;
      return true;
    },

    /**
     * Drops one entry (a reload found it no longer valid). Unlike an invalidation it does not void
     * the reads under way: those of the same batch of reloads are as fresh as the one that found this.
     */
    forget(key: string): void {
      remove(key);
    },

    /** Take before reading the database; pass to `set`. */
    stamp: (): number => generation,

    set(key: string, value: T, stamp: number, now = Date.now()): void {
      // An invalidation happened while this row was being read: it may be stale, do not keep it.
      if (!enabled || stamp !== generation) return;
      remove(key);
      // Oldest first: Map keeps insertion order.
      while (entries.size >= options.maxEntries) remove(entries.keys().next().value as string);
      const refreshAt =
        options.refreshAfterMs === undefined ? Infinity : now + options.refreshAfterMs + Math.random() * (options.refreshJitterMs ?? 0);
      entries.set(key, { ...value, storedAt: now, refreshAt });
      let keys = byUser.get(value.userId);
      if (!keys) byUser.set(value.userId, (keys = new Set()));
      keys.add(key);
    },

    forgetUser(userId: string): void {
      generation += 1;
      for (const key of [...(byUser.get(userId) ?? [])]) remove(key);
    },

    /** Drops every entry (fills that raced it are not kept). */
    clear,

    /** Turns the cache on only while invalidations are known to arrive; off empties it. */
    setEnabled(value: boolean): void {
      enabled = value;
      if (value) generation += 1;
      else clear();
    },

    get size() {
      return entries.size;
    },
  };
}

export type SessionCache<T extends { userId: string }> = ReturnType<typeof createSessionCache<T>>;
