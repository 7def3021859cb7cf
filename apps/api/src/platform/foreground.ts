import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/**
 * Whether this process is busy answering requests, for background jobs that should give way to
 * them (webhook deliveries). A process that serves the API and also works the queue shares its
 * event loop and the machine's cores between both: a job that can wait a few seconds without
 * harm should not take them from people waiting for a page.
 *
 * Busy means both, over the last window: requests kept arriving (at least `minRequestsPerSecond`;
 * people using the app make a few a second, and a live notification stream is one long request,
 * so neither counts) and the event loop was nearly always running (utilisation at least
 * `minUtilization`). A process with no requests (a worker started with `npm run worker`) is never
 * busy, whatever its jobs do, so dedicated workers deliver at full speed.
 */
export type ForegroundGauge = {
  /** A request arrived (called by the app's onRequest hook). */
  requestStarted(): void;
  /** Whether requests are keeping the process busy now. */
  busy(): boolean;
  /** Resolves once the process is not busy, or after `maxWaitMs`, whichever is first. */
  idle(maxWaitMs: number): Promise<void>;
  close(): void;
};

export type ForegroundOptions = {
  windowMs?: number;
  minRequestsPerSecond?: number;
  minUtilization?: number;
};

export function createForegroundGauge(options: ForegroundOptions = {}): ForegroundGauge {
  const windowMs = options.windowMs ?? 500;
  const minRequests = ((options.minRequestsPerSecond ?? 200) * windowMs) / 1000;
  const minUtilization = options.minUtilization ?? 0.8;

  let requests = 0;
  let windowStart: EventLoopUtilization = performance.eventLoopUtilization();
  let isBusy = false;
  const waiting = new Set<() => void>();

  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const utilization = performance.eventLoopUtilization(now, windowStart).utilization;
    windowStart = now;
    isBusy = requests >= minRequests && utilization >= minUtilization;
    requests = 0;
    if (!isBusy) for (const release of waiting) release();
  }, windowMs);
  timer.unref();

  return {
    requestStarted: () => {
      requests += 1;
    },
    busy: () => isBusy,
    idle(maxWaitMs) {
      if (!isBusy) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const release = () => {
          clearTimeout(deadline);
          waiting.delete(release);
          resolve();
        };
        const deadline = setTimeout(release, maxWaitMs);
        waiting.add(release);
      });
    },
    close() {
      clearInterval(timer);
      for (const release of waiting) release();
    },
  };
}
