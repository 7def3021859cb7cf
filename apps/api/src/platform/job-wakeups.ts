import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { DatabaseHandle, Listener } from '../db/client.js';

type JobsDb = DatabaseHandle['jobsDb'];

/**
 * On PostgreSQL, a job sent is announced on this channel (its queue's name as the payload), inside
 * the sending transaction, so it reaches the listening processes when the job is there to fetch.
 */
export const JOBS_CHANNEL = 'enlaza_jobs';

/**
 * Wake-ups: a job sent without a delay wakes the workers of its queue at once instead of leaving it
 * to their next poll. PGlite is one process: its workers are woken in the process, and their fetch,
 * a query on the one connection, waits for the sending transaction to end (a rolled-back job is
 * simply not found). PostgreSQL: `pg_notify` in the sending transaction, delivered at its commit to
 * every process listening (the sending one included), whose workers of that queue then fetch.
 */
export function createWakeups(boss: PgBoss, database: DatabaseHandle) {
  const workersOf = new Map<string, string[]>();
  let listener: Listener | undefined;
  const wake = (queue: string) => {
    for (const workerId of workersOf.get(queue) ?? []) boss.notifyWorker(workerId);
  };
  return {
    /** Wakes this process's workers of `queue` (a job is due there). */
    wake,
    /** A worker of this process, woken for its queue's jobs. */
    add(queue: string, workerId: string): void {
      workersOf.set(queue, [...(workersOf.get(queue) ?? []), workerId]);
    },
    /** A job was just sent to `queue`, through `db` (the sending transaction's connection, if any). */
    async announce(queue: string, db: JobsDb): Promise<void> {
      if (database.kind === 'pglite') return wake(queue);
      await db.executeSql('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, queue]);
    },
    /** Listens for other processes' jobs (PostgreSQL; on PGlite no other process sends any). */
    async listen(): Promise<void> {
      if (database.kind === 'postgres') listener = await database.listen(JOBS_CHANNEL, wake);
    },
    async close(): Promise<void> {
      await listener?.close();
      listener = undefined;
    },
  };
}

/**
 * Every `everySeconds`, one statement for all of `queues` finds those holding a job due that nobody
 * announced (a retry, a delayed or cron job, a run a dead process left and pg-boss's expiry put
 * back), and `wake` sends their workers to fetch it. pg-boss's own poll is a fetch per queue and
 * interval: with ~45 queues it cost an idle process about 5 % of a core (measured: 1.1 CPU s in
 * 20 s on PGlite), its workers now keep that poll only as a slow fallback. The look is the
 * condition of pg-boss's fetch (`state < 'active' AND start_after < now()`, read through its index
 * `job_i5`). Stops with the returned clock.
 */
export function watchDueJobs(
  db: JobsDb,
  queues: () => string[],
  everySeconds: number,
  wake: (queue: string) => void,
  log: FastifyBaseLogger,
): { stop(): void } {
  const look = async () => {
    const { rows } = await db.executeSql(
      "SELECT DISTINCT name FROM pgboss.job WHERE name = ANY($1::text[]) AND state < 'active' AND start_after < now()",
      [queues()],
    );
    // No `rows` at all: the queue was closed for statements (jobs.stop), nothing to wake.
    for (const { name } of (rows ?? []) as { name: string }[]) wake(name);
  };
  return repeatEvery(everySeconds, look, log, 'looking for due jobs failed');
}

/**
 * Runs `work` every `everySeconds`, each time that long after the last run ended (a failure is
 * logged with `failed` and the clock goes on), until the returned clock stops. The timer does not
 * keep the process alive by itself.
 */
function repeatEvery(everySeconds: number, work: () => Promise<unknown>, log: FastifyBaseLogger, failed: string): { stop(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      work().then(next, (error: unknown) => {
        log.error({ err: error }, failed);
        next();
      });
    }, everySeconds * 1000);
    timer.unref();
  };
  next();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export type Schedule = { name: string; cron: string; payload: unknown };

/**
 * Registers the cron schedules with pg-boss (only those it does not hold already, so that a start
 * writes nothing new), or with `everySeconds` (SCHEDULED_JOBS_EVERY_SECONDS, tests) removes them and
 * sends each scheduled job now and then every so many seconds instead (a cron's finest step is a
 * minute), until the returned clock stops.
 */
export async function startSchedules(
  boss: PgBoss,
  schedules: Schedule[],
  everySeconds: number | undefined,
  log: FastifyBaseLogger,
  send: (schedule: Schedule) => Promise<unknown>,
): Promise<{ stop(): void } | undefined> {
  if (!everySeconds) {
    const rows = (await boss.getSchedules()) as { name: string; cron: string; timezone: string; data: unknown }[];
    const stored = new Set(rows.map((row) => JSON.stringify([row.name, row.cron, row.timezone, row.data])));
    for (const s of schedules)
      if (!stored.has(JSON.stringify([s.name, s.cron, 'UTC', s.payload])))
        await boss.schedule(s.name, s.cron, s.payload as object, { tz: 'UTC' });
    return undefined;
  }
  for (const s of schedules) await boss.unschedule(s.name);
  const sendAll = async () => {
    for (const s of schedules) await send(s);
  };
  await sendAll();
  return repeatEvery(everySeconds, sendAll, log, 'scheduled jobs not sent');
}
