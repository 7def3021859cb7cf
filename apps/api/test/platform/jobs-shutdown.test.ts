import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, waitFor, type TestContext } from '../helpers/test-app.js';

declare module '../../src/platform/jobs.js' {
  interface JobPayloads {
    'test.slow': { ms: number };
  }
}

vi.setConfig({ testTimeout: 60_000 });

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('stopping the job queue', () => {
  it('waits for a handler that outlives the queue’s own wait, so its completion is written before the database closes', async () => {
    const { jobs } = t.app.platform;
    let started: number | undefined;
    let ended: number | undefined;
    await jobs.define('test.slow', {
      handler: async ({ ms }) => {
        started = Date.now();
        await new Promise((resolve) => setTimeout(resolve, ms));
        ended = Date.now();
      },
    });
    await jobs.send('test.slow', { ms: 2000 });
    await waitFor(async () => started, 'the slow job to start', 30_000);
    // pg-boss itself gives up after 1 s here and would leave the handler running past the close;
    // the queue then waits up to 1 s more for it.
    await jobs.stop(1000);
    const stoppedAt = Date.now();
    expect(ended).toBeDefined();
    expect(ended!).toBeLessThanOrEqual(stoppedAt);
  });
});
