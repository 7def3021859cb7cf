/** Small pieces of the campaign sender (sender.ts), kept apart so they can be tested alone. */

/**
 * Whether a claimed row may be sent on the claim's own lease, with no extra round trip: the claim set
 * `lease_until = now() + lease` on the database after this process took `claimedAt` (a monotonic clock),
 * so the row is surely ours until `claimedAt + lease`. A send started at `now` must end inside that lease
 * even if SMTP takes its longest (`sendMs`); otherwise the sender re-holds the row first, and the claim
 * count (the fencing token) tells it whether another run took it meanwhile.
 */
export function withinClaimLease(claimedAt: number, leaseSeconds: number, sendMs: number, now: number): boolean {
  return now + sendMs < claimedAt + leaseSeconds * 1000;
}

/**
 * Marks accepted messages `sent` with group commit: up to `lanes` UPDATEs are written at once (on
 * different pool connections); a row whose 250 arrives while one is free is marked at once in its own
 * UPDATE, rows whose 250 arrives while all are busy wait for the first to finish and are then marked
 * together in one UPDATE. Each send awaits its own row's mark
 * before its connection takes the next row, so the crash window stays what it was: an accepted message
 * not yet marked is at most one per SMTP connection in flight (docs/sending.md, "Campaigns").
 */
export function createSentMarker(write: (ids: string[]) => Promise<void>, lanes = 2) {
  let queue: { id: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let writing = 0;
  async function flush(): Promise<void> {
    writing += 1;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        await write(batch.map((item) => item.id));
        for (const item of batch) item.resolve();
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    writing -= 1;
  }
  return (id: string): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      queue.push({ id, resolve, reject });
      if (writing < lanes) void flush();
    });
}

/** Spaces sends `1000 / rate` ms apart in this process (0: no limit). */
export function createThrottle(ratePerSecond: number) {
  let next = 0;
  return async () => {
    if (ratePerSecond <= 0) return;
    const now = Date.now();
    const slot = Math.max(now, next);
    next = slot + 1000 / ratePerSecond;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * How long the sender waits before trying an unreachable SMTP server again: 0.5 s doubling with each
 * failed try, at most 30 s and at most half the stall time (so a stalled campaign has tried at least
 * twice within each stall period).
 */
export function outageBackoffMs(failedTries: number, stallMs: number): number {
  return Math.max(100, Math.min(30_000, stallMs / 2, 500 * 2 ** Math.min(failedTries, 10)));
}
