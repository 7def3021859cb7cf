import { describe, expect, it } from 'vitest';
import { createSendPacer } from '../../src/modules/campaigns/pacing.js';
import { createSentMarker } from '../../src/modules/campaigns/sender.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the sent marker (group commit)', () => {
  it('writes a row at once while a lane is free, and rows accepted meanwhile together after it', async () => {
    const writes: string[][] = [];
    const gates: (() => void)[] = [];
    const mark = createSentMarker(async (ids) => {
      writes.push(ids);
      await new Promise<void>((resolve) => gates.push(resolve));
    }, 1);
    const first = mark('a');
    const rest = [mark('b'), mark('c'), mark('d')];
    expect(writes).toEqual([['a']]);
    let firstDone = false;
    void first.then(() => (firstDone = true));
    gates.shift()!();
    await first;
    expect(firstDone).toBe(true);
    // b, c and d waited for the first write and go out in one.
    await sleep(0);
    expect(writes).toEqual([['a'], ['b', 'c', 'd']]);
    gates.shift()!();
    await Promise.all(rest);
  });

  it('answers each send only once its own row is written, and fails only the rows of a failed write', async () => {
    let fail = true;
    const mark = createSentMarker(async (ids) => {
      await sleep(5);
      if (fail && ids.includes('x')) throw new Error('database down');
    }, 2);
    const x = mark('x');
    const y = mark('y');
    await expect(x).rejects.toThrow('database down');
    await expect(y).resolves.toBeUndefined();
    fail = false;
    await expect(mark('x')).resolves.toBeUndefined();
  });
});

/** `n` sends one after the other, each after a pause long enough for the pacer's window (1 ms) to close. */
async function sendOneByOne(pacer: ReturnType<typeof createSendPacer>, n: number) {
  for (let i = 0; i < n; i++) {
    await sleep(2);
    await pacer.acquire();
    pacer.release();
  }
}

describe('the send pacer', () => {
  it('halves the sends in flight while the event loop is saturated and gives them back once it is not', async () => {
    let utilization = 0.2;
    const pacer = createSendPacer(16, { windowMs: 1, pauseMs: 1, utilization: () => utilization });
    await sendOneByOne(pacer, 1);
    expect(pacer.allowed).toBe(16);
    utilization = 0.99;
    await sendOneByOne(pacer, 6);
    expect(pacer.allowed).toBe(1);
    // Saturated: one send at a time.
    await pacer.acquire();
    let second = false;
    const waiting = pacer.acquire().then(() => (second = true));
    await sleep(20);
    expect(second).toBe(false);
    pacer.release();
    await waiting;
    pacer.release();
    utilization = 0.3;
    await sendOneByOne(pacer, 20);
    expect(pacer.allowed).toBe(16);
  });

  it('keeps every send while the loop is saturated but no requests are waiting, and cuts them once requests come', async () => {
    let serving = false;
    const pacer = createSendPacer(16, { windowMs: 1, pauseMs: 1, utilization: () => 0.99, serving: () => serving });
    await sendOneByOne(pacer, 6);
    expect(pacer.allowed).toBe(16);
    serving = true;
    await sendOneByOne(pacer, 6);
    expect(pacer.allowed).toBe(1);
    serving = false;
    await sendOneByOne(pacer, 20);
    expect(pacer.allowed).toBe(16);
  });
});
