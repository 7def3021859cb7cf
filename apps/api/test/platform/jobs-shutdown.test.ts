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

/**
 * Stops a job queue while one worker's fetch of `queue` is held in flight (1.5 s before it reaches
 * the database) and a job waits for that fetch; answers the statements sent after stop returned and
 * whether the handler of `test.slow` ran.
 */
async function stopDuringFetch(queue: string, enqueue: (other: PgBoss) => Promise<unknown>) {
  const database = await openTestDatabase();
  const issuedAfterStop: string[] = [];
  let stopReturned = false;
  let holdFetch = false;
  let fetchHeld: (() => void) | undefined;
  const heldFetch = new Promise<void>((resolve) => (fetchHeld = resolve));
  const handle: DatabaseHandle = {
    ...database,
    jobsDb: {
      async executeSql(text, values) {
        if (stopReturned) issuedAfterStop.push(text.slice(0, 60));
        if (holdFetch && values?.[0] === queue && text.includes('SKIP LOCKED')) {
          holdFetch = false;
          fetchHeld?.();
          await new Promise((resolve) => setTimeout(resolve, 1500));
        }
        return database.jobsDb.executeSql(text, values);
      },
    },
  };
  let handled = 0;
  const jobs = createJobs(handle, { workers: 'inline', timeoutSeconds: 30, pollingIntervalSeconds: 0.5 }, t.app.log);
  await jobs.define('test.slow', {
    handler: async ({ ms }) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      handled += 1;
    },
  });
  await jobs.start();
  const other = new PgBoss({ db: database.jobsDb, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
  await other.start();
  // The job first (sent by another process: not announced), then the fetch it brings, held: a
  // worker fetches when the due-jobs watch finds it (its own poll is a minute apart).
  holdFetch = true;
  await enqueue(other);
  await heldFetch;
  await other.stop({ graceful: false, close: false });
  await jobs.stop(5000);
  stopReturned = true;
  const handledAtStop = handled;
  // Whatever the held fetch would lead to (run the job, insert it, complete it) happens within 2 s.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await database.close();
  return { issuedAfterStop, handledAtStop, handled };
}

describe('stopping the job queue while a fetch is in flight', () => {
  it('waits for the job that fetch brings, runs it, and sends nothing after stop returns', async () => {
    const result = await stopDuringFetch('test.slow', (other) => other.send('test.slow', { ms: 300 }));
    expect(result).toEqual({ issuedAfterStop: [], handledAtStop: 1, handled: 1 });
  });

  it('waits for its cron worker too (pg-boss does not), sending nothing after stop returns', async () => {
    const result = await stopDuringFetch('__pgboss__send-it', (other) =>
      other.send('__pgboss__send-it', { name: 'test.slow', data: { ms: 0 } }),
    );
    expect(result.issuedAfterStop).toEqual([]);
  });
});
