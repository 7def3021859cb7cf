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
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const sendAll = async () => {
    for (const s of schedules) await send(s);
  };
  const tick = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      sendAll().then(tick, (error: unknown) => {
        log.error({ err: error }, 'scheduled jobs not sent');
        tick();
      });
    }, everySeconds * 1000);
  };
  await sendAll();
  tick();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
