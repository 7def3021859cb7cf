import { asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { smtpRelays } from './schema.js';

export type SmtpRelayRow = typeof smtpRelays.$inferSelect;
type Writable = Partial<Omit<typeof smtpRelays.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>;

/** The SMTP servers' SQL: the admin's list and changes, the enabled ones for the sender, a failure seen. */
export function createSmtpRelaysRepository(db: Database) {
  return {
    list: (): Promise<SmtpRelayRow[]> => db.select().from(smtpRelays).orderBy(asc(smtpRelays.createdAt), asc(smtpRelays.id)),

    enabled: (): Promise<SmtpRelayRow[]> =>
      db.select().from(smtpRelays).where(eq(smtpRelays.enabled, true)).orderBy(asc(smtpRelays.createdAt), asc(smtpRelays.id)),

    async find(id: string): Promise<SmtpRelayRow | null> {
      const [row] = await db.select().from(smtpRelays).where(eq(smtpRelays.id, id));
      return row ?? null;
    },

    /** Added unless `max` are there already (null); two additions at once count each other. */
    insertWithin(max: number, values: typeof smtpRelays.$inferInsert): Promise<SmtpRelayRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('smtp_relays'))`);
        const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(smtpRelays);
        if (n >= max) return null;
        const [row] = await tx.insert(smtpRelays).values(values).returning();
        return row!;
      });
    },

    async update(id: string, changes: Writable): Promise<SmtpRelayRow | null> {
      const [row] = await db
        .update(smtpRelays)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(smtpRelays.id, id))
        .returning();
      return row ?? null;
    },

    async remove(id: string): Promise<boolean> {
      const removed = await db.delete(smtpRelays).where(eq(smtpRelays.id, id)).returning({ id: smtpRelays.id });
      return removed.length > 0;
    },

    /** A failure for the server's sake, as the admin's list shows it (not an admin change: `updatedAt` stays). */
    async recordFailure(id: string, at: Date, detail: string): Promise<void> {
      await db.update(smtpRelays).set({ lastFailureAt: at, lastFailure: detail }).where(eq(smtpRelays.id, id));
    },
  };
}

export type SmtpRelaysRepository = ReturnType<typeof createSmtpRelaysRepository>;
