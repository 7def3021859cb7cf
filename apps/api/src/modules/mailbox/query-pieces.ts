import { and, eq, isNull } from 'drizzle-orm';
import { queryPieces } from '../../platform/query-pieces.js';
import { messages } from './schema.js';

/**
 * Live messages whose sender agreed to receive communications (campaign audiences), for another
 * module to join in its own statement: a subquery PostgreSQL flattens into the caller's plan.
 */
export const consentingMessagePiece = (alias = 'consenting_message') =>
  queryPieces
    .select({
      userId: messages.userId,
      profileId: messages.profileId,
      email: messages.email,
      name: messages.name,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(and(eq(messages.consent, true), isNull(messages.deletedAt)))
    .as(alias);
