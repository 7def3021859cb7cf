import { randomBytes } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { subscriptions, users } from '../../src/db/schema/index.js';
import { createRenewalsRepository } from '../../src/modules/renewals/repository.js';
import { databaseKind } from '../helpers/database.js';
import { seedDueSubscriptions } from '../helpers/renewals.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { whileUncommitted } from '../helpers/uncommitted.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const DAY = 86_400_000;
const LEASE = 600;

/**
 * `count` subscriptions due at a product time `days` ahead: the app's own renewals job, running on
 * the real time, leaves them alone, and only the claims called here take them.
 */
async function dueIn(days: number, count: number): Promise<{ at: Date; ids: string[] }> {
  const at = new Date(Date.now() + days * DAY);
  const prefix = `lease${randomBytes(3).toString('hex')}`;
  await seedDueSubscriptions(t.db, count, at, prefix);
  const rows = await t.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(like(users.email, `${prefix}%`))
    .orderBy(users.email);
  return { at, ids: rows.map((r) => r.id) };
}

const only = (claimed: string[], ids: string[]) => claimed.filter((id) => ids.includes(id)).sort();
const expireLease = (id: string) =>
  t.db.execute(sql`update subscription_renewals set lease_until = now() - interval '1 second' where subscription_id = ${id}`);

describe('renewal claims', () => {
  it('leave a subscription another worker holds until its lease runs out, in the batch claim and the retry claim alike', async () => {
    const repo = createRenewalsRepository(t.db);
    const { at, ids } = await dueIn(10, 3);
    expect(only(await repo.claim(at, LEASE, 100), ids)).toEqual([...ids].sort());
    expect(only(await repo.claim(at, LEASE, 100), ids)).toEqual([]);
    // A retry asked for now (a new default card) does not take a held subscription either…
    expect(await repo.claimOne(ids[0]!, LEASE)).toBe(false);
    // …until the holder's lease ran out (the worker died); then it holds it, and nobody else may.
    await expireLease(ids[0]!);
    expect(await repo.claimOne(ids[0]!, LEASE)).toBe(true);
    expect(await repo.claimOne(ids[0]!, LEASE)).toBe(false);
    expect(only(await repo.claim(at, LEASE, 100), ids)).toEqual([]);
  });

  it.skipIf(databaseKind !== 'postgres')(
    'never give one subscription to two workers whose claims overlap: the lease is checked again on the row the other committed (PostgreSQL)',
    async () => {
      // A batch claim reads W and X as free, then waits on W (another worker's transaction is writing W's
      // renewal state). Meanwhile a retry claim takes X and commits. When the batch claim reaches X, the
      // lease it did not see when it began is on the committed row: it leaves X to the retry claim.
      const w = (await dueIn(19, 1)).ids[0]!;
      const { at, ids } = await dueIn(20, 1);
      const x = ids[0]!;
      const repo = createRenewalsRepository(t.db);
      expect(await repo.claimOne(w, LEASE)).toBe(true);
      await repo.release(w);
      const overlap = await whileUncommitted(
        t.db,
        (tx) => tx.execute(sql`update subscription_renewals set updated_at = now() where subscription_id = ${w}`),
        () => repo.claim(at, LEASE, 100),
        () => repo.claimOne(x, LEASE),
      );
      expect(overlap.contenderWaited).toBe(true);
      expect(overlap.meanwhile).toBe(true);
      expect(only(overlap.contended, [w, x])).toEqual([w]);

      // The other way round: a batch claim holds Y, uncommitted; a retry claim of Y waits and gets nothing.
      const second = await dueIn(30, 1);
      const [y] = second.ids;
      const batchFirst = await whileUncommitted(
        t.db,
        (tx) => createRenewalsRepository(tx as unknown as Database).claim(second.at, LEASE, 100),
        () => createRenewalsRepository(t.db).claimOne(y!, LEASE),
      );
      expect(only(batchFirst.held, second.ids)).toEqual([y]);
      expect(batchFirst.contenderWaited).toBe(true);
      expect(batchFirst.contended).toBe(false);
    },
  );
});
