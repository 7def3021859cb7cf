import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { mainCardPiece } from '../account/index.js';
import { liveProfilePiece } from '../profiles/index.js';
import { onboardingChecklists } from './schema.js';

/** The checklist's row as read with its card, in one statement. */
export type ChecklistFacts = {
  started: boolean;
  dismissed: boolean;
  previewed: boolean;
  shared: boolean;
  mainProfileId: string | null;
  cardHasPhoto: boolean;
  cardHasPhone: boolean;
};

/** Starts the checklist of a newly activated account, in the activation's transaction. */
export async function startOnboarding(tx: Database | Transaction, userId: string, now = new Date()): Promise<void> {
  await tx.insert(onboardingChecklists).values({ userId, createdAt: now }).onConflictDoNothing();
}

export function createOnboardingRepository(db: Database) {
  return {
    /** The account's checklist and its main card's photo and phones: one statement, also for an account without a checklist. */
    async facts(userId: string): Promise<ChecklistFacts | null> {
      const owner = mainCardPiece('checklist_owner');
      const card = liveProfilePiece('checklist_card');
      const [row] = await db
        .select({
          started: sql<boolean>`${onboardingChecklists.userId} is not null`,
          dismissed: sql<boolean>`${onboardingChecklists.dismissedAt} is not null`,
          previewed: sql<boolean>`${onboardingChecklists.previewedAt} is not null`,
          shared: sql<boolean>`${onboardingChecklists.sharedAt} is not null`,
          mainProfileId: owner.mainProfileId,
          cardHasPhoto: sql<boolean>`${card.photoFileId} is not null`,
          // A stored card's phones are a JSON array (the contract's shape); anything else counts as none.
          cardHasPhone: sql<boolean>`case when jsonb_typeof(${card.card} -> 'phones') = 'array' then jsonb_array_length(${card.card} -> 'phones') > 0 else false end`,
        })
        .from(owner)
        .leftJoin(onboardingChecklists, eq(onboardingChecklists.userId, owner.userId))
        .leftJoin(card, eq(card.id, owner.mainProfileId))
        .where(eq(owner.userId, userId));
      return row ?? null;
    },

    /** Records an action the first time; a later one (or an account without a checklist) changes nothing. */
    async record(userId: string, step: 'preview' | 'share'): Promise<void> {
      const column = step === 'preview' ? onboardingChecklists.previewedAt : onboardingChecklists.sharedAt;
      await db
        .update(onboardingChecklists)
        .set(step === 'preview' ? { previewedAt: sql`now()` } : { sharedAt: sql`now()` })
        .where(and(eq(onboardingChecklists.userId, userId), isNull(column)));
    },

    async dismiss(userId: string): Promise<void> {
      await db
        .update(onboardingChecklists)
        .set({ dismissedAt: sql`now()` })
        .where(and(eq(onboardingChecklists.userId, userId), isNull(onboardingChecklists.dismissedAt)));
    },
  };
}

export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>;
