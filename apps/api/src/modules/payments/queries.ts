import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userPiece } from '../account/index.js';
import { payments } from './schema.js';
import { disputeQueries } from './dispute-queries.js';
import { disputesRecordedHere } from './admin-disputes.js';
import { toDispute } from './service-context.js';

/** Read-only views of payments for the admin screens (Suscripcions detail, dashboard). */
export function createPaymentQueries(db: Database) {
  return {
    /** A subscription's payments, newest first, each with its latest dispute. */
    async ofSubscription(subscriptionId: string, limit = 100) {
      const rows = await db
        .select({
          id: payments.id,
          createdAt: payments.createdAt,
          amountCents: payments.amountCents,
          status: payments.status,
          purpose: payments.purpose,
          invoiceNumber: payments.invoiceNumber,
          invoiceId: payments.invoiceId,
          provider: payments.provider,
        })
        .from(payments)
        .where(eq(payments.subscriptionId, subscriptionId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit);
      const disputes = await disputeQueries(db).latestDisputes(rows.map((r) => r.id));
      return rows.map(({ provider, ...r }) => {
        const dispute = disputes.get(r.id);
        return {
          ...r,
          createdAt: r.createdAt.toISOString(),
          dispute: dispute ? { id: dispute.id, ...toDispute(dispute)! } : null,
          disputesRecordedHere: disputesRecordedHere(provider),
        };
      });
    },

    /** The latest payments of every customer (index on created_at), with the customer from the accounts' piece. */
    async latest(limit: number) {
      const customer = userPiece('customer');
      const rows = await db
        .select({
          id: payments.id,
          createdAt: payments.createdAt,
          userId: payments.userId,
          customerName: sql<string>`coalesce(${customer.name}, '')`,
          customerEmail: sql<string>`coalesce(${customer.email}, '')`,
          amountCents: payments.amountCents,
          status: payments.status,
          purpose: payments.purpose,
          invoiceNumber: payments.invoiceNumber,
        })
        .from(payments)
        .leftJoin(customer, eq(customer.id, payments.userId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  };
}
export type PaymentQueries = ReturnType<typeof createPaymentQueries>;
