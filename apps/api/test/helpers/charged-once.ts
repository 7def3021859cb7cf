import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { payments } from '../../src/db/schema/index.js';

/**
 * After a renewal charged across a crash (the kill tests of the payment providers): the customer has
 * one payment, succeeded, one invoice, and a subscription renewed from `periodEnd`. Answers the
 * payment's provider reference, for the test to say whose charge it is.
 */
export async function expectOneRenewalCharged(db: Database, userId: string, periodEnd: Date): Promise<string> {
  const { rows } = await db.execute(sql`
    select
      (select count(*)::int from payments where user_id = ${userId}) as payments,
      (select count(*)::int from payments where user_id = ${userId} and status = 'succeeded') as succeeded,
      (select count(*)::int from invoices where user_id = ${userId} and kind = 'invoice') as invoices,
      (select count(*)::int from subscriptions where user_id = ${userId} and current_period_start = ${periodEnd.toISOString()}::timestamptz) as renewed`);
  expect(rows[0]).toEqual({ payments: 1, succeeded: 1, invoices: 1, renewed: 1 });
  const [payment] = await db.select({ ref: payments.providerChargeRef }).from(payments).where(eq(payments.userId, userId));
  return payment!.ref!;
}
