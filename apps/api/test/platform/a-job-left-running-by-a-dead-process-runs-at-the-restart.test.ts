import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { createJobs, type Jobs } from '../../src/platform/jobs.js';
import { openTestDatabase, testDatabaseUrl } from '../helpers/database.js';
import { silentLog } from '../helpers/jobs.js';
import { waitFor } from '../helpers/test-app.js';

declare module '../../src/platform/jobs.js' {
  interface JobPayloads {
    'test.left-running': { n: number };
  }
}

// An hour of expiry and an hour before a retry: only the restart itself can run the job in time.
const HOUR = 3600;

let database: DatabaseHandle;
const started: Jobs[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const jobs of started) await jobs.stop();
  await database.close();
});

function startJobs(workers: 'inline' | 'off', handler: (n: number) => void) {
  const jobs = createJobs(database, { workers, timeoutSeconds: HOUR, pollingIntervalSeconds: HOUR }, silentLog);
  started.push(jobs);
  return jobs
    .define('test.left-running', { retryDelay: HOUR, retryBackoff: false, handler: async ({ n }) => handler(n) })
    .then(() => jobs.start())
    .then(() => jobs);
}

// One process per PGlite data directory: at its start, a job still active was left by a process that died.
describe.skipIf(testDatabaseUrl)('a job left running by a process that died, on PGlite', () => {
  it('runs again as the next process starts, not after its expiry and retry delay', async () => {
    // The process that died: it had fetched the job (active, started now) and never finished it.
    const dead = await startJobs('off', () => undefined);
    const id = await dead.send('test.left-running', { n: 1 });
    await database.jobsDb.executeSql("UPDATE pgboss.job SET state = 'active', started_on = now() WHERE id = $1", [id]);
    await dead.stop();

    const seen: number[] = [];
    await startJobs('inline', (n) => void seen.push(n));
    await waitFor(async () => (seen.length > 0 ? true : undefined), 'the job left running');
    expect(seen).toEqual([1]);
    // Counted as a retry: a job that kills its process every time still runs out of attempts.
    const row = await waitFor(async () => {
      const { rows } = await database.jobsDb.executeSql('SELECT state, retry_count FROM pgboss.job WHERE id = $1', [id]);
      const job = rows[0] as { state: string; retry_count: number } | undefined;
      return job?.state === 'completed' ? job : undefined;
    }, 'its completion');
    expect(row).toEqual({ state: 'completed', retry_count: 1 });
  });
});
