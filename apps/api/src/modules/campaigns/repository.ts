import type { AudienceSelector, CampaignState } from '@enlaza/contracts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { trashQueries } from '../../platform/trash-sql.js';
import { publicIdentity } from '../account/index.js';
import { recipientQueries } from './recipient-queries.js';
import { campaigns } from './schema.js';
import { sendingQueries } from './sending-queries.js';
import { trackingQueries } from './tracking-queries.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type { ClaimedRecipient } from './sending-queries.js';
export type { NewRecipient } from './recipient-queries.js';

/** The campaigns' rows (here), their recipients', the sender's and the tracking's queries (each in its own file). */
export function createCampaignsRepository(db: Database) {
  return {
    db,
    ...campaignQueries(db),
    ...recipientQueries(db),
    ...sendingQueries(db),
    ...trackingQueries(db),
  };
}

function campaignQueries(db: Database) {
  const owned = (userId: string, id: string) => and(eq(campaigns.id, id), eq(campaigns.userId, userId));

  return {
    async list(userId: string, state?: CampaignState, limit = 500): Promise<CampaignRow[]> {
      return (
        db
          .select()
          .from(campaigns)
          // An automation's steps are its own (automations module), not in the campaigns list.
          .where(
            and(
              eq(campaigns.userId, userId),
              isNull(campaigns.deletedAt),
              isNull(campaigns.automationId),
              state ? eq(campaigns.state, state) : undefined,
            ),
          )
          .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
          .limit(limit)
      );
    },

    async find(userId: string, id: string): Promise<CampaignRow | undefined> {
      const [row] = await db
        .select()
        .from(campaigns)
        .where(and(owned(userId, id), isNull(campaigns.deletedAt)));
      return row;
    },

    /** Any owner's live campaign (the sender and the scheduled start). */
    async findById(id: string, tx: Database | Transaction = db): Promise<CampaignRow | undefined> {
      const [row] = await tx
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.id, id), isNull(campaigns.deletedAt)));
      return row;
    },

    async insert(
      userId: string,
      values: { name: string; templateId: string | null; templateName: string | null; audience: AudienceSelector },
    ): Promise<CampaignRow> {
      const [row] = await db
        .insert(campaigns)
        .values({ userId, ...values })
        .returning();
      return row!;
    },

    /** Edits a draft or a scheduled campaign (which goes back to draft). */
    async updateDraft(
      userId: string,
      id: string,
      values: { name: string; templateId: string | null; templateName: string | null; audience: AudienceSelector },
    ): Promise<CampaignRow | undefined> {
      const [row] = await db
        .update(campaigns)
        .set({
          ...values,
          state: 'draft',
          scheduledAt: null,
          subject: null,
          bodyHtml: null,
          bodyText: null,
          sender: null,
          error: null,
          updatedAt: sql`now()`,
        })
        .where(and(owned(userId, id), isNull(campaigns.deletedAt), inArray(campaigns.state, ['draft', 'scheduled', 'failed'])))
        .returning();
      return row;
    },

    /** Moves a campaign between states; answers the row only when it was in one of `from`. */
    async transition(
      id: string,
      from: CampaignState[],
      to: CampaignState,
      extra: Partial<typeof campaigns.$inferInsert> = {},
      tx: Database | Transaction = db,
    ): Promise<CampaignRow | undefined> {
      const [row] = await tx
        .update(campaigns)
        .set({ ...extra, state: to, updatedAt: sql`now()` })
        .where(and(eq(campaigns.id, id), isNull(campaigns.deletedAt), inArray(campaigns.state, from)))
        .returning();
      return row;
    },

    async ownerInfo(userId: string): Promise<{ alias: string; locale: string; role: 'admin' | 'user' }> {
      return publicIdentity(db, userId);
    },

    // --- trash ------------------------------------------------------------------------------

    async softDelete(userId: string, id: string): Promise<CampaignRow | undefined> {
      const [row] = await db
        .update(campaigns)
        .set({
          deletedAt: sql`now()`,
          state: sql<CampaignState>`case when ${campaigns.state} = 'scheduled' then 'draft' else ${campaigns.state} end`,
          scheduledAt: null,
        })
        .where(
          and(
            owned(userId, id),
            isNull(campaigns.deletedAt),
            inArray(campaigns.state, ['draft', 'scheduled', 'sent', 'cancelled', 'failed']),
          ),
        )
        .returning();
      return row;
    },

    /** The trash's queries (platform/trash-sql.ts). */
    trash: trashQueries(db, campaigns),
  };
}

export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
