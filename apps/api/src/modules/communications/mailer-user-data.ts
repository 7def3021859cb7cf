import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { iso, type UserDataProvider } from '../../platform/user-data-registry.js';
import { deliveries } from './schema.js';

/** The Comunicaciones log of emails sent by or to the user (no bodies). Erasing deletes it; a queued email whose row is gone is not sent. */
export function createDeliveriesUserData(db: Database): UserDataProvider<'deliveries'> {
  return {
    section: 'deliveries',
    async export(userId) {
      const rows = await db.select().from(deliveries).where(eq(deliveries.userId, userId)).orderBy(deliveries.createdAt);
      return rows.map((d) => ({
        id: d.id,
        kind: d.kind,
        toEmail: d.toEmail,
        subject: d.subject,
        status: d.status,
        createdAt: d.createdAt.toISOString(),
        sentAt: iso(d.sentAt),
      }));
    },
    async erase(userId, tx) {
      await tx.delete(deliveries).where(eq(deliveries.userId, userId));
    },
  };
}
