import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import type { DisputeStatus } from '@enlaza/contracts';
import { paymentDisputes, paymentMethods, paymentRefunds } from './schema.js';

type Db = Database | Transaction;
export type DisputeRow = typeof paymentDisputes.$inferSelect;

/** What the provider reports of a dispute, as stored. */
export type DisputeValues = {
  provider: string;
  providerRef: string;
  paymentId: string;
  invoiceId: string | null;
  amountCents: number;
  reason: string;
  status: DisputeStatus;
  evidenceDueBy: Date | null;
};

/** What a provider reports of changes made outside the app: disputes, refunds made in its dashboard, saved methods updated or detached. */
export function disputeQueries(db: Database) {
  return {
    /**
     * Records a dispute's state: inserted the first time (answers `created: true`), updated after
     * (status, reason, amount, due date) while it is open; a closed dispute is never changed again.
     */
    async saveDispute(tx: Transaction, values: DisputeValues): Promise<{ row: DisputeRow; created: boolean } | undefined> {
      const [inserted] = await tx.insert(paymentDisputes).values(values).onConflictDoNothing().returning();
      if (inserted) return { row: inserted, created: true };
      const [updated] = await tx
        .update(paymentDisputes)
        .set({
          status: values.status,
          reason: values.reason,
          amountCents: values.amountCents,
          evidenceDueBy: values.evidenceDueBy,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(paymentDisputes.provider, values.provider),
            eq(paymentDisputes.providerRef, values.providerRef),
            isNull(paymentDisputes.closedAt),
          ),
        )
        .returning();
      return updated ? { row: updated, created: false } : undefined;
    },

    /** Closes a dispute once: answers the row when this call closed it, undefined when it was closed already. */
    async closeDispute(tx: Transaction, id: string, at: Date) {
      const [row] = await tx
        .update(paymentDisputes)
        .set({ closedAt: at, updatedAt: new Date() })
        .where(and(eq(paymentDisputes.id, id), isNull(paymentDisputes.closedAt)))
        .returning();
      return row;
    },

    async setDisputeCreditNote(tx: Transaction, id: string, creditNoteNumber: string) {
      await tx.update(paymentDisputes).set({ creditNoteNumber }).where(eq(paymentDisputes.id, id));
    },

    async dispute(id: string, q: Db = db): Promise<DisputeRow | undefined> {
      const [row] = await q.select().from(paymentDisputes).where(eq(paymentDisputes.id, id));
      return row;
    },

    /** The dispute a provider (or the bank, recorded by an admin) knows by `ref`. */
    async disputeByRef(provider: string, ref: string): Promise<DisputeRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentDisputes)
        .where(and(eq(paymentDisputes.provider, provider), eq(paymentDisputes.providerRef, ref)));
      return row;
    },

    /** The latest dispute of each payment. */
    async latestDisputes(paymentIds: string[], q: Db = db): Promise<Map<string, DisputeRow>> {
      if (paymentIds.length === 0) return new Map();
      const rows = await q
        .select()
        .from(paymentDisputes)
        .where(inArray(paymentDisputes.paymentId, paymentIds))
        .orderBy(desc(paymentDisputes.createdAt));
      const latest = new Map<string, DisputeRow>();
      for (const row of rows) if (!latest.has(row.paymentId)) latest.set(row.paymentId, row);
      return latest;
    },

    /** What was refunded at the provider (its dashboard), per payment. */
    async refundedAtProvider(paymentIds: string[], q: Db = db): Promise<Map<string, number>> {
      if (paymentIds.length === 0) return new Map();
      const rows = await q
        .select({ paymentId: paymentRefunds.paymentId, cents: sql<number>`sum(${paymentRefunds.amountCents})::int` })
        .from(paymentRefunds)
        .where(and(inArray(paymentRefunds.paymentId, paymentIds), eq(paymentRefunds.source, 'provider')))
        .groupBy(paymentRefunds.paymentId);
      return new Map(rows.map((r) => [r.paymentId, Number(r.cents)]));
    },

    /** A method's shown details refreshed from the provider (a card's new expiry), every user's row with that reference. */
    async refreshMethod(ref: string, shown: { brand: string; last4: string; expMonth: number | null; expYear: number | null }) {
      return db.update(paymentMethods).set(shown).where(eq(paymentMethods.providerToken, ref)).returning({ id: paymentMethods.id });
    },
    /** Detached at the provider: marked once, and no longer the default (renewals charge another, or none). */
    async markDetached(ref: string, at: Date) {
      return db
        .update(paymentMethods)
        .set({ detachedAt: at, isDefault: false })
        .where(and(eq(paymentMethods.providerToken, ref), isNull(paymentMethods.detachedAt)))
        .returning({ id: paymentMethods.id, userId: paymentMethods.userId });
    },

    /** The refunds of a payment already recorded, by the provider's reference. */
    async knownRefundRefs(paymentId: string, q: Db = db): Promise<Set<string>> {
      const rows = await q
        .select({ ref: paymentRefunds.providerRefundRef })
        .from(paymentRefunds)
        .where(eq(paymentRefunds.paymentId, paymentId));
      return new Set(rows.map((r) => r.ref));
    },
  };
}
