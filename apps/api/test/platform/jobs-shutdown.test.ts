import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../src/db/client.js';
import { createJobs } from '../../src/platform/jobs.js';
import { openTestDatabase } from '../helpers/database.js';
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

describe('stopping the job queue while its cron worker is fetching', () => {
  it('sends nothing to the database after stop returns, though pg-boss does not wait for that worker', async () => {
    const database = await openTestDatabase();
    const issuedAfterStop: string[] = [];
    let stopReturned = false;
    let holdCronFetch = false;
    let cronFetchHeld: (() => void) | undefined;
    const heldFetch = new Promise<void>((resolve) => (cronFetchHeld = resolve));
    const handle: DatabaseHandle = {
      ...database,
      jobsDb: {
        async executeSql(text, values) {
          if (stopReturned) issuedAfterStop.push(text.slice(0, 60));
          // The cron worker's fetch of its internal queue: held 1.5 s before it reaches the database,
          // so it is in flight when the queue is told to stop.
          if (holdCronFetch && values?.[0] === '__pgboss__send-it' && text.includes('SKIP LOCKED')) {
            holdCronFetch = false;
            cronFetchHeld?.();
            await new Promise((resolve) => setTimeout(resolve, 1500));
          }
          return database.jobsDb.executeSql(text, values);
        },
      },
    };
    const jobs = createJobs(handle, { workers: 'inline', timeoutSeconds: 30, pollingIntervalSeconds: 0.5 }, t.app.log);
    await jobs.define('test.slow', { handler: async () => undefined });
    await jobs.start();
    // A job for the cron worker to pass on, as the clock writes one when a schedule comes due.
    const other = new PgBoss({ db: database.jobsDb, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
    await other.start();
    holdCronFetch = true;
    await heldFetch;
    await other.send('__pgboss__send-it', { name: 'test.slow', data: { ms: 0 } });
    await other.stop({ graceful: false, close: false });
    await jobs.stop(5000);
    stopReturned = true;
    // Whatever the held fetch would lead to (insert the job, complete the fetched one) happens within 2 s.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await database.close();
    expect(issuedAfterStop).toEqual([]);
  });
});
