import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../src/db/client.js';

/**
 * Runs `contender` while the transaction of `holder` is still open (PostgreSQL only: it needs several
 * connections), then commits the holder. The holder commits once the contender has finished, or as
 * soon as the contender waits for a lock the holder keeps — whichever comes first — so the outcome is
 * the same on every run, with no sleep deciding it: the contender either stepped around the holder's
 * rows or had to wait and then see them committed. `meanwhile`, if given, runs (and commits) at that
 * point, before the holder commits: a third party acting while the contender is under way.
 */
export async function whileUncommitted<H, C, M = undefined>(
  db: Database,
  holder: (tx: Transaction) => Promise<H>,
  contender: () => Promise<C>,
  meanwhile?: () => Promise<M>,
): Promise<{ held: H; contended: C; contenderWaited: boolean; meanwhile: M | undefined }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let ready!: (value: { held: H; pid: number }) => void;
  const holding = new Promise<{ held: H; pid: number }>((resolve) => (ready = resolve));
  const transaction = db.transaction(async (tx) => {
    const [row] = (await tx.execute(sql`select pg_backend_pid() as pid`)).rows as { pid: number }[];
    ready({ held: await holder(tx), pid: Number(row!.pid) });
    await released;
  });
  // A holder that throws never reaches `ready`: its error ends the wait.
  const ended = transaction.then(() => {
    throw new Error('the holder committed before the contender ran');
  });
  ended.catch(() => undefined);
  const { held, pid } = await Promise.race([holding, ended]);

  let settled = false;
  const contending = contender().finally(() => (settled = true));
  contending.catch(() => undefined); // observed below, after the holder commits
  let contenderWaited = false;
  while (!settled) {
    const { rows } = await db.execute(sql`select count(*)::int as n from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))`);
    if ((rows[0] as { n: number }).n > 0) {
      contenderWaited = true;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  let third: M | undefined;
  try {
    third = meanwhile ? await meanwhile() : undefined;
  } finally {
    release();
    await transaction;
  }
  return { held, contended: await contending, contenderWaited, meanwhile: third };
}
