import type { DatabaseHandle } from '../db/client.js';

export type FailedJob = {
  id: string;
  name: string;
  data: unknown;
  retryCount: number;
  error: string | null;
  createdOn: string;
  failedOn: string | null;
};

/** What the queue holds, read from pg-boss's tables: failed jobs, the pending count, one job's state. */
export function jobQueries(jobsDb: DatabaseHandle['jobsDb']) {
  return {
    /** Jobs that used up their retries, newest first. */
    async failed(limit = 100): Promise<FailedJob[]> {
      const { rows } = await jobsDb.executeSql(
        `SELECT id, name, data, retry_count, output, created_on, completed_on FROM pgboss.job WHERE state = 'failed'
         UNION ALL SELECT id, name, data, retry_count, output, created_on, completed_on FROM pgboss.archive WHERE state = 'failed'
         ORDER BY completed_on DESC NULLS LAST LIMIT $1`,
        [limit],
      );
      return (
        rows as {
          id: string;
          name: string;
          data: unknown;
          retry_count: number;
          output: { message?: string } | null;
          created_on: Date | string;
          completed_on: Date | string | null;
        }[]
      ).map((r) => ({
        id: r.id,
        name: r.name,
        data: r.data,
        retryCount: r.retry_count,
        error: r.output?.message ?? null,
        createdOn: new Date(r.created_on).toISOString(),
        failedOn: r.completed_on ? new Date(r.completed_on).toISOString() : null,
      }));
    },

    /** One failed job's kind and payload (none, or one). */
    async failedById(id: string): Promise<{ name: string; data: unknown }[]> {
      const { rows } = await jobsDb.executeSql(
        `SELECT name, data FROM pgboss.job WHERE id = $1 AND state = 'failed'
         UNION ALL SELECT name, data FROM pgboss.archive WHERE id = $1 AND state = 'failed' LIMIT 1`,
        [id],
      );
      return rows as { name: string; data: unknown }[];
    },

    /**
     * Removes one failed job (from the queue or its archive) and answers its kind and payload; null
     * when no failed job has that id (already retried or discarded, or never failed).
     */
    async takeFailed(id: string): Promise<{ name: string; data: unknown } | null> {
      const { rows } = await jobsDb.executeSql(
        `WITH live AS (DELETE FROM pgboss.job WHERE id = $1 AND state = 'failed' RETURNING name, data),
              archived AS (DELETE FROM pgboss.archive WHERE id = $1 AND state = 'failed' RETURNING name, data)
         SELECT name, data FROM live UNION ALL SELECT name, data FROM archived LIMIT 1`,
        [id],
      );
      return (rows[0] as { name: string; data: unknown } | undefined) ?? null;
    },

    /** Jobs waiting, retrying or running, in all queues or those whose name starts with `prefix`. */
    async pending(prefix = ''): Promise<number> {
      const { rows } = await jobsDb.executeSql(
        "SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND starts_with(name, $1) AND name NOT LIKE '\\_\\_pgboss%'",
        [prefix],
      );
      return (rows[0] as { n: number } | undefined)?.n ?? 0;
    },

    /** Jobs waiting (created, or due for a retry) and running, per queue that has any (the metrics' queue depth). */
    async depth(): Promise<{ name: string; queued: number; active: number }[]> {
      const { rows } = await jobsDb.executeSql(
        `SELECT name, count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS queued, count(*) FILTER (WHERE state = 'active')::int AS active
         FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND name NOT LIKE '\\_\\_pgboss%' GROUP BY name`,
      );
      return rows as { name: string; queued: number; active: number }[];
    },

    /** State of one job (tests, admin): created, retry, active, completed, cancelled, failed. */
    async state(id: string): Promise<{ state: string; retryCount: number } | null> {
      const { rows } = await jobsDb.executeSql(
        'SELECT state, retry_count FROM pgboss.job WHERE id = $1 UNION ALL SELECT state, retry_count FROM pgboss.archive WHERE id = $1 LIMIT 1',
        [id],
      );
      const row = rows[0] as { state: string; retry_count: number } | undefined;
      return row ? { state: row.state, retryCount: row.retry_count } : null;
    },
  };
}
