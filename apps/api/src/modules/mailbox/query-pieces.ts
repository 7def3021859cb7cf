import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { queryPieces } from '../../platform/query-pieces.js';
import { messages } from './schema.js';

/**
 * Live messages whose sender agreed to receive communications (campaign audiences), for another
 * module to join in its own statement: a subquery PostgreSQL flattens into the caller's plan.
 */
export const consentingMessagePiece = (alias = 'consenting_message') =>
  queryPieces
    .select({
      id: messages.id,
      userId: messages.userId,
      profileId: messages.profileId,
      email: messages.email,
      name: messages.name,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(and(eq(messages.consent, true), isNull(messages.deletedAt)))
    .as(alias);

/** Live messages of these profiles per profile and calendar day (in `timeZone`) from `fromDay` on, counted. */
export async function messagesPerDay(db: Database, profileIds: string[], fromDay: string, timeZone: string) {
  if (profileIds.length === 0) return [];
  const day = sql<string>`to_char((${messages.createdAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
  return (
    db
      .select({ profileId: messages.profileId, day, messages: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(inArray(messages.profileId, profileIds), isNull(messages.deletedAt), sql`${day} >= ${fromDay}`))
      // By position: the day's expression carries the time zone as a parameter, numbered apart in each clause.
      .groupBy(sql`1, 2`)
  );
}

/** One keyset page of the live messages of these profiles, oldest first (`after`: the last row's time and id). */
export async function messagesOfProfiles(db: Database, profileIds: string[], after: { createdAt: Date; id: string } | null, limit: number) {
  if (profileIds.length === 0) return [];
  return db
    .select({
      id: messages.id,
      profileId: messages.profileId,
      name: messages.name,
      email: messages.email,
      phone: messages.phone,
      body: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(
      and(
        inArray(messages.profileId, profileIds),
        isNull(messages.deletedAt),
        after
          ? sql`(${messages.createdAt}, ${messages.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(limit);
}

/** The messages of these profiles (in the trash too) now belong to `userId`: a team card's new holder reads them, and new ones reach them. */
export async function moveMessagesTo(tx: Transaction, profileIds: string[], userId: string): Promise<void> {
  if (profileIds.length === 0) return;
  await tx.update(messages).set({ userId }).where(inArray(messages.profileId, profileIds));
}

/** Who sent these messages (their owner, profile, name and address), for an event about them. */
export async function messageSenders(db: Database | Transaction, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: messages.id,
      userId: messages.userId,
      profileId: messages.profileId,
      name: messages.name,
      email: messages.email,
      lostMode: messages.lostMode,
    })
    .from(messages)
    .where(inArray(messages.id, ids));
}

/** A message as a lead for the CRM (crm/sync.ts): who wrote, what, and whether they consented; null once it is gone. */
export async function leadOfMessage(db: Database | Transaction, messageId: string) {
  const [row] = await db
    .select({
      id: messages.id,
      profileId: messages.profileId,
      userId: messages.userId,
      name: messages.name,
      email: messages.email,
      phone: messages.phone,
      body: messages.body,
      consent: messages.consent,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.id, messageId));
  return row ?? null;
}
