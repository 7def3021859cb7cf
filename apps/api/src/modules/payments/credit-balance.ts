import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { customerCredits } from './schema.js';

type Db = Database | Transaction;

/** The customer's credit balance (a ledger: schema.ts `customerCredits`). */
export function creditBalanceQueries(db: Database) {
  /** What is left of the customer's credit, before tax, in cents (0 when none). */
  async function balance(userId: string, q: Db = db): Promise<number> {
    const [row] = await q
      .select({ cents: sql<number>`coalesce(sum(${customerCredits.amountCents}), 0)`.mapWith(Number) })
      .from(customerCredits)
      .where(eq(customerCredits.userId, userId));
    return row?.cents ?? 0;
  }

  return {
    balance,

    /**
     * Serialises the writers of one customer's balance until COMMIT, and answers the balance then:
     * two charges at once cannot both use the same credit.
     */
    async lockBalance(tx: Transaction, userId: string): Promise<number> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer_credits:${userId}`}))`);
      return balance(userId, tx);
    },

    /** The credit a payment used (negative) or added (positive), 0 when none. */
    async creditOf(paymentId: string, kind: 'plan_change' | 'applied', q: Db = db): Promise<number> {
      const [row] = await q
        .select({ cents: customerCredits.amountCents })
        .from(customerCredits)
        .where(and(eq(customerCredits.paymentId, paymentId), eq(customerCredits.kind, kind)));
      return row?.cents ?? 0;
    },

    /** One ledger entry, dated `createdAt`: the payment's time on the product's clock (the test clock when it runs), not the database's. */
    async addCredit(
      tx: Transaction,
      values: { userId: string; paymentId: string; kind: 'plan_change' | 'applied'; amountCents: number; createdAt: Date },
    ) {
      await tx
        .insert(customerCredits)
        .values(values)
        .onConflictDoNothing({ target: [customerCredits.paymentId, customerCredits.kind] });
    },
  };
}
