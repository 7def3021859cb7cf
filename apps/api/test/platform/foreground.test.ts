import { afterEach, describe, expect, it } from 'vitest';
import { createForegroundGauge, type ForegroundGauge } from '../../src/platform/foreground.js';

/** Keeps the event loop running for `ms`, counting `requests` requests on the way, then lets the gauge sample. */
async function spin(gauge: ForegroundGauge, ms: number, requests: number) {
  const until = performance.now() + ms;
  let counted = 0;
  while (performance.now() < until) {
    if (counted < requests) {
      gauge.requestStarted();
      counted += 1;
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Waits until the gauge has sampled at least once more. */
const nextSample = (windowMs: number) => new Promise((resolve) => setTimeout(resolve, windowMs + 20));

let gauge: ForegroundGauge | undefined;
afterEach(() => gauge?.close());

describe('how busy requests keep the process', () => {
  it('is busy while many requests arrive and the event loop never rests', async () => {
    gauge = createForegroundGauge({ windowMs: 100, minRequestsPerSecond: 200 });
    await nextSample(100);
    for (let i = 0; i < 20 && !gauge.busy(); i += 1) await spin(gauge, 120, 100);
    expect(gauge.busy()).toBe(true);
  });

  it('is not busy when the loop is busy with other work and no request arrives (a worker process)', async () => {
    gauge = createForegroundGauge({ windowMs: 100, minRequestsPerSecond: 200 });
    for (let i = 0; i < 5; i += 1) await spin(gauge, 120, 0);
    expect(gauge.busy()).toBe(false);
  });

  it('is not busy with requests arriving while the loop rests (people using the app)', async () => {
    gauge = createForegroundGauge({ windowMs: 100, minRequestsPerSecond: 200 });
    for (let i = 0; i < 5; i += 1) {
      for (let r = 0; r < 100; r += 1) gauge.requestStarted();
      await nextSample(100);
    }
    expect(gauge.busy()).toBe(false);
  });

  it('lets a waiting job go once requests stop, or after its longest wait', async () => {
    gauge = createForegroundGauge({ windowMs: 100, minRequestsPerSecond: 200 });
    for (let i = 0; i < 20 && !gauge.busy(); i += 1) await spin(gauge, 120, 100);
    expect(gauge.busy()).toBe(true);
    let released = false;
    const waiting = gauge.idle(60_000).then(() => {
      released = true;
    });
    expect(released).toBe(false);
    await waiting; // the loop rests now: the next sample is not busy and lets it go
    expect(gauge.busy()).toBe(false);

    for (let i = 0; i < 20 && !gauge.busy(); i += 1) await spin(gauge, 120, 100);
    // Still busy for as long as the spin lasts: only the longest wait can let it go meanwhile.
    let releasedByDeadline = false;
    void gauge.idle(1).then(() => {
      releasedByDeadline = true;
    });
    const until = performance.now() + 30;
    while (performance.now() < until) gauge.requestStarted();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(releasedByDeadline).toBe(true);
  });
});
