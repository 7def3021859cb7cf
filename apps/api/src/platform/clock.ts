import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.js';
import { appSettings } from './schema.js';

const KEY = 'test_clock_offset_seconds';
const CHANNEL = 'enlaza_clock';

/**
 * The product's "now": the real time plus an offset kept in the database (one `app_settings` row),
 * so every process shares it. The offset is 0 and never read unless TEST_CLOCK_ENABLED; then an
 * admin may move it forward (renewals, dunning and reminders follow). Each process caches it,
 * re-reads it when another process NOTIFYs `enlaza_clock`, and before every renewal run (`refresh`).
 */
export type Clock = {
  readonly enabled: boolean;
  /** Real time + the offset (synchronous: the cached offset). */
  now(): Date;
  offsetSeconds(): number;
  /** Re-reads the shared offset (cheap; nothing when the test clock is off). */
  refresh(): Promise<void>;
  /** Moves the offset forward by `seconds` for every process; answers the new offset. */
  advance(seconds: number): Promise<number>;
  /** Called after this process moved the offset (what fell due can run now, not at its next schedule). */
  onAdvance(listener: () => Promise<unknown> | void): void;
  close(): Promise<void>;
};

export async function createClock(database: DatabaseHandle, enabled: boolean): Promise<Clock> {
  let offset = 0;
  const read = async () => {
    const [row] = await database.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
    offset = row ? Number(row.value) || 0 : 0;
  };
  let listener: { close: () => Promise<void> | void } | undefined;
  const advanced: (() => Promise<unknown> | void)[] = [];
  if (enabled) {
    await read();
    listener = await database.listen(CHANNEL, () => void read().catch(() => undefined));
  }
  return {
    enabled,
    now: () => new Date(Date.now() + offset * 1000),
    offsetSeconds: () => offset,
    refresh: async () => {
      if (enabled) await read();
    },
    async advance(seconds) {
      if (!enabled) throw new Error('the test clock is off');
      const whole = Math.round(seconds);
      // One statement: concurrent advances add up instead of overwriting each other.
      const [row] = await database.db
        .insert(appSettings)
        .values({ key: KEY, value: String(whole) })
        .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`(${appSettings.value}::bigint + ${whole})::text` } })
        .returning({ value: appSettings.value });
      offset = Number(row?.value ?? whole);
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${String(offset)})`);
      for (const listener of advanced) await listener();
      return offset;
    },
    onAdvance(listener) {
      advanced.push(listener);
    },
    async close() {
      await listener?.close();
    },
  };
}
