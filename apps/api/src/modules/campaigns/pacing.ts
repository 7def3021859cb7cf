import { performance } from 'node:perf_hooks';

/**
 * How many campaign sends may be in flight at once in this process, given how busy its event loop is:
 * the sender yields to request serving. Every `windowMs` the event loop utilization of the last window
 * is read (the share of time the loop was not idle); above `high` the allowed sends are halved (down to
 * one, and a send then waits `pauseMs` before it starts: at most ~20 sends a second while the loop stays
 * saturated), below `low` one more is allowed, up to `max`
 * (additive increase, multiplicative decrease). With `serving`, the loop counts as saturated only
 * while requests are keeping it busy: a sender alone in its process (a worker, or an API process
 * nobody is calling) keeps all `max` even when its loop is full — which a machine short of CPU also
 * makes it look, since the loop counts the time it waits for a core as busy. In an API process under
 * load it drops to one send at a time with pauses in between, and comes back once the requests are answered.
 */
export function createSendPacer(
  max: number,
  options: {
    high?: number;
    low?: number;
    windowMs?: number;
    pauseMs?: number;
    utilization?: () => number;
    /**
     * Whether requests are keeping the process busy (platform/foreground.ts): while not, a busy loop
     * is the sender's own work (or a machine short of CPU, which a loop's utilization counts as
     * busy too), and nothing is waiting to be answered, so the sends are not cut.
     */
    serving?: () => boolean;
  } = {},
) {
  const high = options.high ?? 0.9;
  const low = options.low ?? 0.75;
  const windowMs = options.windowMs ?? 100;
  const pauseMs = options.pauseMs ?? 50;
  let readUtilization = options.utilization;
  if (!readUtilization) {
    let last = performance.eventLoopUtilization();
    readUtilization = () => {
      const now = performance.eventLoopUtilization();
      const u = performance.eventLoopUtilization(now, last).utilization;
      last = now;
      return u;
    };
  }
  let allowed = max;
  let active = 0;
  let sampledAt = performance.now();
  let busy = false;

  function sample(): void {
    const now = performance.now();
    if (now - sampledAt < windowMs) return;
    sampledAt = now;
    const u = readUtilization!();
    busy = u > high && (options.serving?.() ?? true);
    if (busy) allowed = Math.max(1, Math.floor(allowed / 2));
    else if (u < low || options.serving?.() === false) allowed = Math.min(max, allowed + 1);
  }

  /** Senders waiting for a slot: a release wakes the first (else each would poll the clock). */
  const waiting: (() => void)[] = [];
  /** Until a release or `ms`, whichever comes first. */
  const releaseOr = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        const at = waiting.indexOf(wake);
        if (at >= 0) waiting.splice(at, 1);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      waiting.push(wake);
    });

  return {
    /** Waits for a free slot (and, while the loop is saturated, a short pause), then takes it. */
    async acquire(): Promise<void> {
      sample();
      while (active >= allowed || (busy && allowed === 1)) {
        // Saturated: the pause is the point, a release does not cut it short.
        if (busy) await new Promise((resolve) => setTimeout(resolve, pauseMs));
        else await releaseOr(windowMs);
        sample();
        if (busy && allowed === 1 && active === 0) break;
      }
      active += 1;
    },
    release(): void {
      active -= 1;
      waiting.shift()?.();
    },
    /** The current limit (for tests and logs). */
    get allowed(): number {
      return allowed;
    },
  };
}

export type SendPacer = ReturnType<typeof createSendPacer>;
