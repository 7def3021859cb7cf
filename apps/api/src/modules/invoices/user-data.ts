import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { UserDataProvider } from '../../platform/user-data-registry.js';
import { invoices } from './schema.js';

/**
 * The user's invoices and credit notes (number, dates, totals, status). Never erased: tax law keeps
 * invoices for years and an issued invoice is immutable (a trigger refuses deleting it).
 */
export function createInvoicesUserData(db: Database): UserDataProvider<'invoices'> {
  return {
    section: 'invoices',
    retains: [{ table: 'invoices', reason: 'Issued invoices are immutable and tax law requires keeping them for years.' }],
    async export(userId) {
      const rows = await db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(invoices.issuedAt, invoices.id);
      return rows.map((i) => ({
        id: i.id,
        kind: i.kind,
        number: i.number,
        issuedAt: i.issuedAt.toISOString(),
        createdAt: i.createdAt.toISOString(),
        currency: i.currency,
        subtotalCents: i.subtotalCents,
        taxCents: i.taxCents,
        totalCents: i.totalCents,
        status: i.status,
      }));
    },
    async erase() {
      // Kept on purpose (see `retains`).
    },
  };
}
