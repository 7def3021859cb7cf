/**
 * Sessions recently resolved by this process, so an authenticated request usually needs no
 * database round trip. Correctness comes from invalidation, not from the time limit:
 * - the process's own changes to a user or a session drop that user's entries at once;
 * - triggers on `users` and `sessions` NOTIFY `enlaza_auth` with the user id, which every API
 *   process LISTENs to, so changes made by other processes (or by hand) drop them within
 *   milliseconds;
 * - while that LISTEN connection is down nothing is served from the cache;
 * - and no entry lives longer than `ttlMs` whatever happens.
 */
export function createSessionCache<T extends { userId: string }>(options: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, T & { storedAt: number }>();
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

    /** Take before reading the database; pass to `set`. */
    stamp: (): number => generation,

    set(key: string, value: T, stamp: number, now = Date.now()): void {
      // An invalidation happened while this row was being read: it may be stale, do not keep it.
      if (!enabled || stamp !== generation) return;
      remove(key);
      // Oldest first: Map keeps insertion order.
      while (entries.size >= options.maxEntries) remove(entries.keys().next().value as string);
      entries.set(key, { ...value, storedAt: now });
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
