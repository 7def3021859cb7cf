import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { paymentRedsysOrders } from '../schema.js';

export type RedsysOrder = typeof paymentRedsysOrders.$inferSelect;

/** The SQL of Redsys' operations as the app sent them (`payment_redsys_orders`). */
export function createRedsysOrders(db: Database) {
  const table = paymentRedsysOrders;
  const first = <T>(rows: T[]) => rows[0] ?? null;
  return {
    byId: async (id: string) => first(await db.select().from(table).where(eq(table.id, id))),
    byKey: async (key: string) => first(await db.select().from(table).where(eq(table.idempotencyKey, key))),
    /** The operations under a Redsys order number (a payment and its refunds; a setup), oldest first. */
    ofOrder: (order: string) => db.select().from(table).where(eq(table.order, order)).orderBy(asc(table.createdAt)),
    async insert(values: typeof table.$inferInsert) {
      await db.insert(table).values(values);
    },
    /** Inserts the row of an idempotency key once (two requests racing with one key find the same row). */
    async once(values: typeof table.$inferInsert & { idempotencyKey: string }): Promise<RedsysOrder> {
      await db.insert(table).values(values).onConflictDoNothing();
      return first(await db.select().from(table).where(eq(table.idempotencyKey, values.idempotencyKey)))!;
    },
    /** Moves a row on from `pending`/`requires_action` only: a final state is never changed (a late or repeated report). */
    async settle(
      id: string,
      status: RedsysOrder['status'],
      response: string | null,
      data: Record<string, unknown>,
      order?: string,
    ): Promise<RedsysOrder | null> {
      const [row] = await db
        .update(table)
        .set({
          status,
          response,
          data: sql`${table.data} || ${JSON.stringify(data)}::jsonb`,
          ...(order ? { order } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(table.id, id), inArray(table.status, ['pending', 'requires_action'])))
        .returning();
      return row ?? null;
    },
    /** The customer's card saved with this token (its setup carries the COF transaction id). */
    cardOf: async (token: string, userId: string) =>
      first(
        await db
          .select()
          .from(table)
          .where(
            and(
              eq(table.kind, 'setup'),
              eq(table.userId, userId),
              eq(table.status, 'succeeded'),
              sql`${table.data} ->> 'token' = ${token}`,
              sql`coalesce(${table.data} ->> 'detached', 'false') <> 'true'`,
            ),
          )
          .orderBy(asc(table.createdAt)),
      ),
    async markDetached(token: string) {
      await db
        .update(table)
        .set({ data: sql`${table.data} || '{"detached": true}'::jsonb`, updatedAt: new Date() })
        .where(and(eq(table.kind, 'setup'), sql`${table.data} ->> 'token' = ${token}`));
    },
  };
}

export type RedsysOrders = ReturnType<typeof createRedsysOrders>;
