// Where the time of database work goes, measured at the driver: every query through node-postgres
// (`pg.Client.prototype.query`, which the pool's connections use) is timed and filed under a short
// label (`insert invoices`, `select users`, `COMMIT`…). Per connection it also measures how long a
// transaction keeps rows locked after a chosen statement (`holdAfter`): from the end of that statement
// to the end of the COMMIT (or ROLLBACK) that releases the lock.
import pg from 'pg';

type Stat = { count: number; ms: number };
export type QueryTimer = {
  /** Time per label, largest first. */
  byLabel(): [string, Stat][];
  /** Per `holdAfter` label: how many transactions held it and for how long in total / at most. */
  holds(): [string, { count: number; ms: number; maxMs: number }][];
  reset(): void;
  stop(): void;
};

export function labelOf(text: string): string {
  const sql = text.replace(/\s+/g, ' ').trim();
  const upper = sql.slice(0, 20).toUpperCase();
  if (/^(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)/.test(upper)) return upper.split(' ')[0]!;
  const name = (m: RegExpMatchArray | null) => (m ? (m[3] ? `${m[2]}.${m[3]}` : m[2]) : '?');
  // A statement with data-modifying CTEs is named after the first table it writes.
  const write = sql.match(/\b(insert into|update|delete from)\s+"?([\w]+)"?(?:\."?(\w+)"?)?/i);
  if (/^with\b/i.test(sql) && write) return `with: ${write[1]!.toLowerCase().replace(/ (into|from)$/, '')} ${name(write)} …`;
  if (/^select\b/i.test(sql)) return `select ${name(sql.match(/\b(from)\s+"?([\w]+)"?(?:\."?(\w+)"?)?/i))}`;
  if (write && sql.startsWith(write[0])) return `${write[1]!.toLowerCase().replace(/ (into|from)$/, '')} ${name(write)}`;
  return sql.slice(0, 24);
}

export function startQueryTimer(holdAfter: string[] = []): QueryTimer {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const stats = new Map<string, Stat>();
  const holdStats = new Map<string, { count: number; ms: number; maxMs: number }>();
  const held = new WeakMap<object, Map<string, number>>();
  const record = (client: object, label: string, started: number) => {
    const ended = performance.now();
    const s = stats.get(label) ?? { count: 0, ms: 0 };
    s.count += 1;
    s.ms += ended - started;
    stats.set(label, s);
    if (holdAfter.includes(label)) {
      const mine = held.get(client) ?? new Map<string, number>();
      if (!mine.has(label)) mine.set(label, ended);
      held.set(client, mine);
    } else if (label === 'COMMIT' || label === 'ROLLBACK') {
      const mine = held.get(client);
      if (!mine) return;
      for (const [lock, since] of mine) {
        const h = holdStats.get(lock) ?? { count: 0, ms: 0, maxMs: 0 };
        h.count += 1;
        h.ms += ended - since;
        h.maxMs = Math.max(h.maxMs, ended - since);
        holdStats.set(lock, h);
      }
      held.delete(client);
    }
  };
  proto.query = function (this: object, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text;
    if (typeof text !== 'string') return original.apply(this, args);
    const label = labelOf(text);
    const started = performance.now();
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (...cb: unknown[]) => {
        record(this, label, started);
        return (last as (...a: unknown[]) => unknown)(...cb);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(
        () => record(this, label, started),
        () => record(this, label, started),
      );
    return result;
  };
  return {
    byLabel: () => [...stats.entries()].sort((a, b) => b[1].ms - a[1].ms),
    holds: () => [...holdStats.entries()],
    reset: () => {
      stats.clear();
      holdStats.clear();
    },
    stop: () => {
      proto.query = original;
    },
  };
}
