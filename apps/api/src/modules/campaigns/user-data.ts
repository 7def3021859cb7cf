import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { iso, type UserDataProvider } from '../../platform/user-data-registry.js';
import { campaignRecipients, campaigns, campaignSenders } from './schema.js';

/** The user's campaigns (trashed ones too), each with the people it went to; erasing a campaign removes its recipients (cascade). */
export function createCampaignsUserData(db: Database): UserDataProvider<'campaigns'> {
  return {
    section: 'campaigns',
    async export(userId) {
      const rows = await db.select().from(campaigns).where(eq(campaigns.userId, userId)).orderBy(campaigns.createdAt, campaigns.id);
      const recipients = await db
        .select({ r: campaignRecipients })
        .from(campaignRecipients)
        .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
        .where(eq(campaigns.userId, userId))
        .orderBy(asc(campaignRecipients.email));
      return rows.map((c) => ({
        id: c.id,
        name: c.name,
        templateName: c.templateName,
        state: c.state,
        subject: c.subject,
        bodyHtml: c.bodyHtml,
        sender: c.sender ?? null,
        scheduledAt: iso(c.scheduledAt),
        startedAt: iso(c.startedAt),
        finishedAt: iso(c.finishedAt),
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
        deletedAt: iso(c.deletedAt),
        recipients: recipients
          .filter(({ r }) => r.campaignId === c.id)
          .map(({ r }) => ({
            email: r.email,
            name: r.name,
            state: r.state,
            sentAt: iso(r.sentAt),
            openedAt: iso(r.openedAt),
            clickedAt: iso(r.clickedAt),
            unsubscribedAt: iso(r.unsubscribedAt),
          })),
      }));
    },
    async erase(userId, tx) {
      await tx.delete(campaigns).where(eq(campaigns.userId, userId));
    },
  };
}

/** Who the user's campaigns come from (erased with the account: the row cascades, and is deleted here first). */
export function createCampaignSenderUserData(db: Database): UserDataProvider<'campaignSender'> {
  return {
    section: 'campaignSender',
    async export(userId) {
      const [row] = await db.select().from(campaignSenders).where(eq(campaignSenders.userId, userId));
      return row
        ? { name: row.name, postalAddress: row.postalAddress, tracking: row.tracking, updatedAt: row.updatedAt.toISOString() }
        : null;
    },
    async erase(userId, tx) {
      await tx.delete(campaignSenders).where(eq(campaignSenders.userId, userId));
    },
  };
}
