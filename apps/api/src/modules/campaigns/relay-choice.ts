/**
 * Which of the campaign's SMTP servers takes the next send (campaign-relays.ts): each server's
 * sliding window, its health, and the choice among them.
 */
import { performance } from 'node:perf_hooks';
import type { SmtpPool } from './campaign-transport.js';
import type { SmtpError } from './smtp-failures.js';

/** No server had room within its rate limit in time: the send is given back as in an outage (smtp-failures.ts). */
export class RelaysBusyError extends Error {
  readonly code = 'ERATELIMIT';
  constructor(waitMs: number) {
    super(
      Number.isFinite(waitMs)
        ? `Every SMTP server is at its rate limit (the next has room in ${Math.ceil(waitMs / 1000)} s)`
        : 'Every SMTP server is at its rate limit',
    );
  }
}

/** No SMTP server at all (the last one was removed while a batch was sending): given back as in an outage. */
export class NoRelayError extends Error {
  readonly code = 'ECONNECTION';
  constructor() {
    super('No SMTP server is set up for campaigns');
  }
}

/** One SMTP server the sends are spread over, with its pool, its window and its health. */
export type Relay = {
  /** The smtp_relays row; null: the server of the environment (SMTP_HOST…). */
  id: string | null;
  /** As logs and metrics name it (`env` for the environment's). */
  name: string;
  /** Where it is and how we sign in there: when this changes, the relay is made anew. */
  connection: string;
  pool: SmtpPool;
  /** At most `limit` sends in any `windowMs` (0: no limit). */
  limit: number;
  windowMs: number;
  inflight: number;
  /** When its latest sends ended (performance.now(), in order), from `head` on; kept only with a limit. */
  ends: number[];
  head: number;
  /** Failures in a row for its own sake; while any, past its cool-off it takes one send at a time until one goes through. */
  failures: number;
  asideUntil: number;
  /** Bumped each time it is set aside, so the other sends that fail with it count once. */
  epoch: number;
  lastError: SmtpError | null;
  /** Removed or changed by the admin: closed once its last send ends. */
  retired: boolean;
};

/** When `r` has room for one more send: `now`, a later time its window frees a slot, or Infinity (when a send of its ends). */
export function roomAt(r: Relay, now: number): number {
  // Past a failure it takes one send at a time until one goes through.
  if (r.failures > 0 && r.inflight > 0) return Infinity;
  if (r.limit <= 0) return now;
  const from = now - r.windowMs;
  while (r.head < r.ends.length && r.ends[r.head]! <= from) r.head += 1;
  if (r.head > 1024 && r.head * 2 > r.ends.length) {
    r.ends = r.ends.slice(r.head);
    r.head = 0;
  }
  const ended = r.ends.length - r.head;
  const over = r.inflight + ended - r.limit + 1;
  if (over <= 0) return now;
  return over > ended ? Infinity : r.ends[r.head + over - 1]! + r.windowMs;
}

/** The server for a send that tried `tried` already (ties taken in turn from `at.cursor`): one with room, else when to look again, or null (none left). */
export function choose(relays: Relay[], at: { cursor: number }, tried: Relay[], now: number): Relay | number | null {
  const n = relays.length;
  let best: Relay | null = null;
  let bestIndex = 0;
  let wakeAt = Infinity;
  let open = 0;
  for (let i = 0; i < n; i += 1) {
    const index = (at.cursor + i) % n;
    const r = relays[index]!;
    if (tried.includes(r)) continue;
    if (r.asideUntil > now) {
      wakeAt = Math.min(wakeAt, r.asideUntil);
      continue;
    }
    open += 1;
    const free = roomAt(r, now);
    if (free > now) wakeAt = Math.min(wakeAt, free);
    else if (!best || r.inflight < best.inflight) {
      best = r;
      bestIndex = index;
    }
  }
  if (best) {
    at.cursor = (bestIndex + 1) % n;
    return best;
  }
  if (open > 0) return wakeAt;
  if (tried.length > 0 || n === 0) return null;
  // Every server is set aside: the one due back first.
  const soonest = relays.reduce((a, b) => (b.asideUntil < a.asideUntil ? b : a));
  const free = roomAt(soonest, now);
  return free > now ? free : soonest;
}

/** Why a send that tried no server gives up: the servers' own failure when all are set aside, else their limits. */
export function idleError(relays: Relay[], waitMs: number): Error {
  const now = performance.now();
  const down = relays.filter((r) => r.asideUntil > now || r.failures > 0);
  if (relays.length > 0 && down.length === relays.length) {
    const latest = down.reduce((a, b) => (b.asideUntil > a.asideUntil ? b : a));
    if (latest.lastError) return latest.lastError;
  }
  return relays.length === 0 ? new NoRelayError() : new RelaysBusyError(waitMs);
}

/** Sends waiting for room: `changed(ms)` resolves when something may have made some (a send ended, the servers changed) or after `ms`. */
export function createWaits() {
  const waiting = new Set<() => void>();
  return {
    get size(): number {
      return waiting.size;
    },
    wake(): void {
      for (const resume of [...waiting]) resume();
    },
    changed(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const resume = () => {
          clearTimeout(timer);
          waiting.delete(resume);
          resolve();
        };
        const timer = setTimeout(resume, Math.max(0, ms));
        waiting.add(resume);
      });
    },
  };
}
