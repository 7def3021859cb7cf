// The job queue of the run's template databases (test/global-setup.ts): pg-boss's schema and every
// queue the test app defines, so that a test file's app finds them all in its copy and writes
// nothing when it starts (on PGlite, installing pg-boss and creating ~35 queues was ~400 DDL
// statements per file).
import { buildApp } from '../../src/app.js';
import type { DatabaseHandle } from '../../src/db/client.js';
import { createJobs, type JobName, type Jobs } from '../../src/platform/jobs.js';
import { silentLog } from './jobs.js';
import { testConfig } from './test-app.js';

export type QueueDefinitions = ReturnType<Jobs['defined']>;

/**
 * Every job the test app defines (its modules' and its event subscribers'), with policies and
 * schedules: read from an app built on `database` (migrated), not started, so nothing is written.
 */
export async function testAppQueues(database: DatabaseHandle): Promise<QueueDefinitions> {
  const app = await buildApp({ config: testConfig(), database });
  const defined = app.platform.jobs.defined();
  await app.close();
  return defined;
}

/** Installs pg-boss in `database` with `queues` (and their schedules), as the test app's start would. */
export async function installJobQueue(database: DatabaseHandle, queues: QueueDefinitions): Promise<void> {
  const jobs = createJobs(database, { workers: 'off', timeoutSeconds: testConfig().jobTimeoutSeconds }, silentLog);
  for (const { name, policy, schedules } of queues) {
    await jobs.define(name as JobName, { ...policy, handler: async () => undefined });
    for (const cron of schedules) await jobs.schedule(name as JobName, cron, {});
  }
  await jobs.start();
  await jobs.stop();
}
