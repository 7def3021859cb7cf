import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.js';
import { providerEvents, providerObjectStates } from '../schema.js';

/** The Stripe part's SQL: the webhook events received, the states passed on. */
export function createStripeRepository(db: Database, provider = 'stripe') {
  return {
    /** Records an event (one the app does not act on as processed at once); false when its id was already received (a redelivery). */
    async recordEvent(tx: Transaction, event: { id: string; type: string; objectRef: string; processedAt: Date | null }): Promise<boolean> {
      const inserted = await tx
        .insert(providerEvents)
        .values({ provider, eventId: event.id, type: event.type, objectRef: event.objectRef, processedAt: event.processedAt })
        .onConflictDoNothing()
        .returning({ id: providerEvents.eventId });
      return inserted.length > 0;
    },
    async event(eventId: string) {
      const [row] = await db
        .select()
        .from(providerEvents)
        .where(and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, eventId)));
      return row ?? null;
    },
    async markProcessed(eventId: string, at: Date) {
      await db
        .update(providerEvents)
        .set({ processedAt: at })
        .where(and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, eventId), isNull(providerEvents.processedAt)));
    },
    async lastState(ref: string): Promise<string | null> {
      const [row] = await db
        .select({ state: providerObjectStates.state })
        .from(providerObjectStates)
        .where(and(eq(providerObjectStates.provider, provider), eq(providerObjectStates.ref, ref)));
      return row?.state ?? null;
    },
    async saveState(ref: string, state: string, at: Date) {
      await db
        .insert(providerObjectStates)
        .values({ provider, ref, state, updatedAt: at })
        .onConflictDoUpdate({ target: [providerObjectStates.provider, providerObjectStates.ref], set: { state, updatedAt: at } });
    },
  };
}

export type StripeRepository = ReturnType<typeof createStripeRepository>;
