import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle, Transaction } from '../db/client.js';
import { createWakeups, startSchedules, watchDueJobs } from './job-wakeups.js';
import { jobQueries } from './job-queries.js';
import type { ForegroundGauge } from './foreground.js';
import type { Metrics } from './metrics.js';

/**
 * The durable job queue: pg-boss 10 on the application's own database (the PostgreSQL pool, or
 * PGlite through `database.jobsDb`). Every kind of background work is a named job with a typed
 * payload, a handler and a retry policy, declared with `define`. Modules add their payload types by
 * augmenting `JobPayloads`:
 *
 *   declare module '../../platform/jobs.js' { interface JobPayloads { 'cloud.sweep': Record<string, never> } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}

export type JobName = Extract<keyof JobPayloads, string>;

export type JobContext = { id: string; name: string; retryCount: number; retryLimit: number; log: FastifyBaseLogger };

export type JobPolicy = {
  /** Further attempts after the first failure (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry (default 10). */
  retryDelay?: number;
  /** Doubles the delay on every retry, with jitter (default true). */
  retryBackoff?: boolean;
  /** Seconds a run may take before it counts as stuck and is retried (default: JOB_TIMEOUT_SECONDS). */
  expireInSeconds?: number;
  /** Jobs of this kind run at once in one worker process (default 1). */
  concurrency?: number;
  /**
   * Gives way to requests: while the process is busy answering them (platform/foreground.ts), each
   * job waits up to this many milliseconds before it runs. For work that may be a little late
   * without harm (webhook deliveries); a dedicated worker process is never busy and never waits.
   */
  yieldsToRequestsMs?: number;
};

export type JobDefinition<P> = JobPolicy & { handler: (payload: P, context: JobContext) => Promise<void> };

export type { FailedJob } from './job-queries.js';

export type JobsSettings = {
  /** inline: this process runs the workers, the maintenance and the cron clock; off: it only enqueues. */
  workers: 'inline' | 'off';
  /** Default time a job may run before it counts as stuck (and is retried). */
  timeoutSeconds: number;
  /**
   * How often the process looks for jobs nobody announced (default 2), in one statement for all its
   * queues (`watchDueJobs`): retries, delayed and cron jobs, expired runs. A job sent without a delay
   * wakes its workers at once (see `send`).
   */
  pollingIntervalSeconds?: number;
  /**
   * Tests: every scheduled job is sent every this many seconds, the first time at start, instead of
   * on its cron schedule (whose finest step is a minute), by the processes with workers.
   */
  scheduledEverySeconds?: number;
  /** Whether the process is busy answering requests, for the jobs that give way to them. */
  foreground?: ForegroundGauge;
  /** Failed attempts counted per queue, and the queues' depth read when scraped (none: not measured). */
  metrics?: Metrics;
};

type Stored = JobDefinition<never> & { name: string };

/** Seconds between a worker's own looks for jobs (pg-boss's poll, a fetch per queue): a fallback behind `watchDueJobs`. */
const FALLBACK_POLL_SECONDS = 60;

export { JOBS_CHANNEL } from './job-wakeups.js';

/** The pg-boss `db` for a Drizzle transaction: the job row is written by the transaction's own connection. */
function transactionDb(tx: Transaction): { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> } {
  // Both drivers keep the transaction's connection as `session.client` (node-postgres PoolClient, PGlite Transaction).
  const client = (tx as unknown as { session?: { client?: { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> } } })
    .session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('cannot reach the connection of this transaction');
  return { executeSql: (text, values) => client.query(text, values) };
}

/**
 * Waits until no handler runs and no pg-boss statement is in flight, or `deadline`. A statement
 * ends in a socket callback and the next one of its chain (fetch, handler, complete) is issued in
 * the microtasks that follow, so both counts at zero, seen twice from timers, mean quiet.
 */
async function waitUntilQuiet(running: Set<Promise<void>>, inFlight: () => number, deadline: number): Promise<void> {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  let quietChecks = 0;
  while (quietChecks < 2 && Date.now() < deadline) {
    if (running.size > 0) {
      quietChecks = 0;
      await Promise.race([Promise.allSettled([...running]), sleep(100)]);
    } else if (inFlight() > 0) {
      quietChecks = 0;
      await sleep(10);
    } else {
      quietChecks += 1;
      await sleep(10);
    }
  }
}

/**
 * Whether a stored queue has this policy already. Most starts find every queue as the last start left
 * it (the test databases are copies of a template holding them all): nothing to write then.
 */
function samePolicy(
  existing: PgBoss.QueueResult,
  policy: Pick<PgBoss.Queue, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'expireInSeconds'>,
) {
  return (Object.keys(policy) as (keyof typeof policy)[]).every((key) => existing[key] === policy[key]);
}

/**
 * PGlite, at start: one process per data directory, so a job still active was left by a process that
 * died. It is due for its retry at once, not after its expiry (expired now) nor its retry delay (then
 * cleared: pg-boss's expiry schedules the retry a delay later, 5 to 20 s for most jobs). It still
 * counts as a retry, so a job that kills its process every time runs out of attempts.
 */
async function retryWhatADeadProcessLeft(boss: PgBoss, jobsDb: DatabaseHandle['jobsDb']): Promise<void> {
  const left = await jobsDb.executeSql(
    "UPDATE pgboss.job SET started_on = now() - expire_in - interval '1 second' WHERE state = 'active' RETURNING id",
  );
  await boss.maintain();
  const ids = (left.rows as { id: string }[]).map((row) => row.id);
  if (ids.length > 0)
    await jobsDb.executeSql("UPDATE pgboss.job SET start_after = now() WHERE state = 'retry' AND id = ANY($1::uuid[])", [ids]);
}

/**
 * The queue's metrics: every failed attempt by queue and whether it is retried; the jobs waiting and
 * running in each defined queue, read from the shared database when scraped (so every process of
 * one database reports the same depth).
 */
function measureJobs(metrics: Metrics | undefined, queues: () => string[], jobsDb: DatabaseHandle['jobsDb']) {
  if (!metrics) return { inc: () => undefined };
  const queries = jobQueries(jobsDb);
  metrics.sampledGauge(
    'job_queue_jobs',
    'Jobs waiting (queued) and running (active) per queue, in the whole database',
    ['queue', 'state'],
    async () => {
      const found = new Map((await queries.depth()).map((row) => [row.name, row]));
      return queues().flatMap((queue) => [
        { labels: { queue, state: 'queued' }, value: found.get(queue)?.queued ?? 0 },
        { labels: { queue, state: 'active' }, value: found.get(queue)?.active ?? 0 },
      ]);
    },
  );
  return metrics.counter('job_failures_total', 'Failed job attempts in this process, by queue: retrying, or failed for good', [
    'queue',
    'outcome',
  ]);
}

export function createJobs(database: DatabaseHandle, settings: JobsSettings, log: FastifyBaseLogger) {
  const working = settings.workers === 'inline';
  /**
   * Every statement pg-boss issues goes through here, counted. pg-boss's own stop does not wait for
   * its cron worker (the internal queue that turns schedules into jobs): a fetch of that queue in
   * flight at stop still inserts and completes what it fetched afterwards, into a database the caller
   * may have closed (an unhandled rejection: "Cannot use a pool after calling end"). So `stop` waits
   * until nothing is in flight, and a statement pg-boss still tries after stop is not sent: the job
   * it concerns stays active and is retried after its expiry, as after a crash.
   */
  let inFlight = 0;
  let closedForQueries = false;
  const countedDb: DatabaseHandle['jobsDb'] = {
    async executeSql(text, values) {
      if (closedForQueries) {
        log.warn({ statement: text.slice(0, 80) }, 'job queue statement after stop not sent');
        // No `rows` at all: pg-boss reads that as "nothing fetched" and "nothing affected" (an empty
        // array would make it read the count of a first row that is not there).
        return {} as { rows: unknown[] };
      }
      inFlight += 1;
      try {
        return await database.jobsDb.executeSql(text, values);
      } finally {
        inFlight -= 1;
      }
    },
  };
  const maintenanceIntervalSeconds = Math.max(1, Math.min(60, Math.floor(settings.timeoutSeconds / 2)));
  const boss = new PgBoss({
    db: countedDb,
    schema: 'pgboss',
    // Only processes running workers keep time: expiry of stuck jobs, archiving, and cron schedules.
    supervise: working,
    schedule: working,
    migrate: true,
    maintenanceIntervalSeconds,
    // Completed jobs (which may carry an email body) leave the job table soon and are deleted within a day.
    archiveCompletedAfterSeconds: 15 * 60,
    deleteAfterDays: 1,
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
  const definitions = new Map<string, Stored>();
  const schedules: { name: string; cron: string; payload: unknown }[] = [];
  let started = false;
  let stopped = false;
  /** Handlers running now in this process (see stop). */
  const running = new Set<Promise<void>>();
  const wakeups = createWakeups(boss, database);
  /** The cron clock of the tests' schedule setting, and the look for due jobs (`watchDueJobs`). */
  const clocks: ({ stop(): void } | undefined)[] = [];
  const pollSeconds = settings.pollingIntervalSeconds ?? 2;
  const failures = measureJobs(settings.metrics, () => [...definitions.keys()], database.jobsDb);

  /** `found`: the queues as start read them (one read for all), so that a start writes only what changed. */
  async function setUp(definition: Stored, found?: Map<string, PgBoss.QueueResult>) {
    const policy = {
      retryLimit: definition.retryLimit ?? 5,
      retryDelay: definition.retryDelay ?? 10,
      retryBackoff: definition.retryBackoff ?? true,
      expireInSeconds: definition.expireInSeconds ?? settings.timeoutSeconds,
    };
    const existing = found ? found.get(definition.name) : await boss.getQueue(definition.name);
    if (existing) {
      if (!samePolicy(existing, policy)) await boss.updateQueue(definition.name, { name: definition.name, ...policy });
    } else
      await boss.createQueue(definition.name, { name: definition.name, ...policy }).catch(async (error: unknown) => {
        // Another process created it meanwhile.
        if (!(await boss.getQueue(definition.name))) throw error;
      });
    if (!working) return;
    for (let i = 0; i < (definition.concurrency ?? 1); i += 1) {
      const workerId: string = await boss.work<unknown>(
        definition.name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: Math.max(FALLBACK_POLL_SECONDS, pollSeconds) },
        async ([job]) => {
          if (!job) return;
          const context = { id: job.id, name: job.name, retryCount: job.retryCount, retryLimit: job.retryLimit, log };
          const handled = (async () => {
            try {
              if (definition.yieldsToRequestsMs && settings.foreground) await settings.foreground.idle(definition.yieldsToRequestsMs);
              await definition.handler(job.data as never, context);
            } catch (error) {
              const final = job.retryCount >= job.retryLimit;
              failures.inc({ queue: job.name, outcome: final ? 'failed' : 'retrying' });
              log.error(
                { err: error, job: job.id, queue: job.name, attempt: job.retryCount + 1 },
                final ? 'job failed for good' : 'job failed, will retry',
              );
              throw error;
            } finally {
              // There may be more: look again at once instead of waiting for the polling interval.
              boss.notifyWorker(workerId);
            }
          })();
          running.add(handled);
          try {
            await handled;
          } finally {
            running.delete(handled);
          }
        },
      );
      wakeups.add(definition.name, workerId);
    }
  }

  const jobs = {
    kind: database.kind,
    working,
    /** Whether this process is busy answering requests (none: it is not measured), for work that gives way to them. */
    foreground: settings.foreground,

    /** Declares a kind of job. Modules call it while the app is built; later calls take effect at once. */
    async define<N extends JobName>(name: N, definition: JobDefinition<JobPayloads[N]>): Promise<void> {
      if (definitions.has(name)) throw new Error(`job ${name} is defined twice`);
      const stored = { ...(definition as JobDefinition<never>), name };
      definitions.set(name, stored);
      if (started) await setUp(stored);
    },

    /** What is defined: each job's name, policy and schedules (the docs' list is checked against it). */
    defined(): { name: string; policy: JobPolicy; schedules: string[] }[] {
      return [...definitions.values()].map(({ handler: _handler, name, ...policy }) => ({
        name,
        policy,
        schedules: schedules.filter((s) => s.name === name).map((s) => s.cron),
      }));
    },

    /**
     * Enqueues a job. With `tx` the job row is written inside that transaction: it exists only if the
     * transaction commits, so a job caused by a write never runs for a write that rolled back.
     */
    async send<N extends JobName>(
      name: N,
      payload: JobPayloads[N],
      options: { tx?: Transaction; id?: string; startAfter?: Date | number; singletonKey?: string } = {},
    ): Promise<string | null> {
      if (!started) throw new Error(`job queue not started (sending ${name})`);
      if (closedForQueries) throw new Error(`job queue stopped (sending ${name})`);
      const { tx, ...rest } = options;
      const id = await boss.send(name, payload as object, { ...rest, ...(tx ? { db: transactionDb(tx) } : {}) });
      // A job due now wakes its workers instead of waiting for their next poll.
      if (id !== null && rest.startAfter === undefined) await wakeups.announce(name, tx ? transactionDb(tx) : countedDb);
      return id;
    },

    /** A recurring job on a cron schedule (UTC); the clock runs in the processes with workers. */
    async schedule<N extends JobName>(name: N, cron: string, payload: JobPayloads[N]): Promise<void> {
      schedules.push({ name, cron, payload });
      if (started) await boss.schedule(name, cron, payload, { tz: 'UTC' });
    },

    ...jobQueries(database.jobsDb),

    async start(): Promise<void> {
      if (started) return;
      await boss.start();
      if (working && database.kind === 'pglite') await retryWhatADeadProcessLeft(boss, database.jobsDb);
      if (working) await wakeups.listen();
      started = true;
      const found = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
      for (const definition of definitions.values()) await setUp(definition, found);
      const scheduled = await startSchedules(boss, schedules, working ? settings.scheduledEverySeconds : undefined, log, (s) =>
        jobs.send(s.name as JobName, s.payload as never),
      );
      clocks.push(scheduled, working ? watchDueJobs(countedDb, () => [...definitions.keys()], pollSeconds, wakeups.wake, log) : undefined);
      log.info(working ? 'job workers running in this process' : 'job workers off in this process (WORKERS=off)');
    },

    /** Stops taking jobs and waits for the running ones (up to `timeoutMs`); call before closing the database. */
    async stop(timeoutMs = 20_000): Promise<void> {
      if (!started || stopped) return;
      stopped = true;
      for (const clock of clocks) clock?.stop();
      await wakeups.close();
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      const deadline = Date.now() + timeoutMs;
      // pg-boss stops waiting after `timeout`, and it does not count a worker whose fetch is still in
      // flight (nor its own cron worker): a handler may start, or end, after it returns, and write its
      // job's completion into a closed database (an unhandled rejection). So this waits until no
      // handler runs and no pg-boss statement is in flight (the same time again at most).
      await waitUntilQuiet(running, () => inFlight, deadline);
      if (running.size > 0 || inFlight > 0) log.warn({ running: running.size, inFlight }, 'job queue still busy at shutdown');
      closedForQueries = true;
    },
  };
  return jobs;
}

export type Jobs = ReturnType<typeof createJobs>;

/**
 * An admin's second chance for a job that used up its retries: the same kind and payload sent again
 * as a new job (every handler is idempotent, as a retry already needs), then the failed one removed,
 * in that order, so a crash between the two leaves it listed rather than lost. Answers the new job's
 * id; `not_found` when no failed job has that id; `unknown_kind` for a kind this version no longer
 * runs (discard it instead).
 */
export async function retryFailedJob(jobs: Jobs, id: string): Promise<{ id: string } | 'not_found' | 'unknown_kind'> {
  const [failed] = await jobs.failedById(id);
  if (!failed) return 'not_found';
  if (!jobs.defined().some((definition) => definition.name === failed.name)) return 'unknown_kind';
  const newId = await jobs.send(failed.name as JobName, failed.data as never);
  await jobs.takeFailed(id);
  return { id: newId ?? id };
}
