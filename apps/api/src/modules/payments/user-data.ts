import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { iso, type UserDataProvider } from '../../platform/user-data-registry.js';
import { subscriptionIdsOf } from '../subscriptions/index.js';
import {
  customerCredits,
  paymentCustomers,
  paymentMethodSetups,
  paymentMethods,
  paymentRedsysOrders,
  paymentSandboxObjects,
  payments,
  scheduledPlanChanges,
} from './schema.js';

/**
 * Saved cards (brand, last four, expiry — never the provider's token), payments, scheduled plan
 * changes and the credit balance's ledger. On erase the saved cards, scheduled changes and the
 * credit balance go; the payments stay (they back the
 * invoices the law makes us keep) and lose the link to the erased card, keeping its brand and last four.
 */
export function createPaymentsUserData(db: Database): UserDataProvider<'payments'> {
  return {
    section: 'payments',
    retains: [{ table: 'payments', reason: 'Payments back the issued invoices, which tax law requires keeping for years.' }],
    async export(userId) {
      const methods = await db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, userId))
        .orderBy(paymentMethods.createdAt, paymentMethods.id);
      const charges = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.createdAt, payments.id);
      const changes = await db
        .select()
        .from(scheduledPlanChanges)
        .where(inArray(scheduledPlanChanges.subscriptionId, subscriptionIdsOf(db, userId)))
        .orderBy(scheduledPlanChanges.createdAt);
      const credits = await db
        .select()
        .from(customerCredits)
        .where(eq(customerCredits.userId, userId))
        .orderBy(customerCredits.createdAt, customerCredits.id);
      return {
        methods: methods.map((m) => ({
          id: m.id,
          kind: m.kind,
          brand: m.brand,
          last4: m.last4,
          expMonth: m.expMonth,
          expYear: m.expYear,
          mandate:
            m.mandateText && m.mandateAcceptedAt
              ? {
                  text: m.mandateText,
                  acceptedAt: m.mandateAcceptedAt.toISOString(),
                  ip: m.mandateIp ?? '',
                  userAgent: m.mandateUserAgent ?? '',
                }
              : null,
          isDefault: m.isDefault,
          removedAt: iso(m.removedAt),
          createdAt: m.createdAt.toISOString(),
        })),
        payments: charges.map((p) => ({
          id: p.id,
          amountCents: p.amountCents,
          refundedCents: p.refundedCents,
          currency: p.currency,
          status: p.status,
          purpose: p.purpose,
          description: p.description,
          methodBrand: p.methodBrand,
          methodLast4: p.methodLast4,
          invoiceNumber: p.invoiceNumber,
          createdAt: p.createdAt.toISOString(),
        })),
        scheduledPlanChanges: changes.map((c) => ({
          subscriptionId: c.subscriptionId,
          offerId: c.offerId,
          createdAt: c.createdAt.toISOString(),
        })),
        creditBalance: credits.map((c) => ({
          kind: c.kind,
          amountCents: c.amountCents,
          paymentId: c.paymentId,
          createdAt: c.createdAt.toISOString(),
        })),
      };
    },
    async erase(userId, tx) {
      await tx.delete(scheduledPlanChanges).where(inArray(scheduledPlanChanges.subscriptionId, subscriptionIdsOf(tx, userId)));
      await tx.update(payments).set({ methodId: null }).where(eq(payments.userId, userId));
      await tx.delete(paymentMethods).where(eq(paymentMethods.userId, userId));
      await tx.delete(customerCredits).where(eq(customerCredits.userId, userId));
      await tx.delete(paymentMethodSetups).where(eq(paymentMethodSetups.userId, userId));
      await tx.delete(paymentSandboxObjects).where(eq(paymentSandboxObjects.userId, userId));
      // Redsys' operations: their order numbers and the card's stored-credential token go with the account.
      await tx.delete(paymentRedsysOrders).where(eq(paymentRedsysOrders.userId, userId));
      await tx.delete(paymentCustomers).where(eq(paymentCustomers.userId, userId));
    },
  };
}
