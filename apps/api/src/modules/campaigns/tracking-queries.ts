import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { setDeliveryStatus } from '../communications/index.js';
import { campaignRecipients, campaigns } from './schema.js';

/** Rows of a query result, whichever driver (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What happens after a send: opens, clicks and unsubscribes from the links, bounce and complaint reports, webhook tokens. */
export function trackingQueries(db: Database) {
  return {
    async recipientOwner(id: string): Promise<{ id: string; email: string; userId: string; campaignId: string } | undefined> {
      const [row] = await db
        .select({ id: campaignRecipients.id, email: campaignRecipients.email, userId: campaigns.userId, campaignId: campaigns.id })
        .from(campaignRecipients)
        .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
        .where(eq(campaignRecipients.id, id));
      return row;
    },

    /** A recipient as their email was rendered (the "view in browser" page). */
    async recipientForView(
      id: string,
    ): Promise<{ id: string; email: string; name: string; profileId: string | null; campaignId: string } | undefined> {
      const [row] = await db
        .select({
          id: campaignRecipients.id,
          email: campaignRecipients.email,
          name: campaignRecipients.name,
          profileId: campaignRecipients.profileId,
          campaignId: campaignRecipients.campaignId,
        })
        .from(campaignRecipients)
        .where(eq(campaignRecipients.id, id));
      return row;
    },

    /** A machine fetched the pixel or a link (a scanner, a preview): counted apart, never as a person's. */
    async recordMachineFetch(id: string, what: 'open' | 'click'): Promise<void> {
      await db.execute(
        what === 'open'
          ? sql`update campaign_recipients set machine_opens = machine_opens + 1 where id = ${id}`
          : sql`update campaign_recipients set machine_clicks = machine_clicks + 1 where id = ${id}`,
      );
    },

    async recordOpen(id: string): Promise<void> {
      await db.execute(sql`update campaign_recipients set opens = opens + 1, opened_at = coalesce(opened_at, now()) where id = ${id}`);
    },

    /** A click implies the email was opened (images are often blocked). */
    async recordClick(id: string): Promise<void> {
      await db.execute(
        sql`update campaign_recipients set clicks = clicks + 1, clicked_at = coalesce(clicked_at, now()), opened_at = coalesce(opened_at, now()) where id = ${id}`,
      );
    },

    async recordUnsubscribe(tx: Transaction, id: string): Promise<void> {
      await tx.execute(sql`update campaign_recipients set unsubscribed_at = coalesce(unsubscribed_at, now()) where id = ${id}`);
    },

    /** Rows a bounce or complaint report names: by Message-ID, or the address's emails of the last 30 days. */
    async reportTargets(email: string, recipientId: string | null): Promise<{ id: string; userId: string }[]> {
      const rows = await db
        .select({ id: campaignRecipients.id, userId: campaigns.userId, email: campaignRecipients.email })
        .from(campaignRecipients)
        .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
        .where(
          recipientId
            ? eq(campaignRecipients.id, recipientId)
            : and(
                eq(campaignRecipients.email, email.toLowerCase()),
                eq(campaignRecipients.state, 'sent'),
                sql`${campaignRecipients.sentAt} > now() - interval '30 days'`,
              ),
        );
      return rows.filter((r) => r.email === email.toLowerCase()).map(({ id, userId }) => ({ id, userId }));
    },

    /**
     * A bounce reported after the message left (a DSN, a provider): the row becomes `bounced` with
     * its kind and the server's words; answers false when it already was (a report delivered twice).
     * A complaint is dated once.
     */
    async markReported(
      tx: Transaction,
      id: string,
      type: 'bounce' | 'complaint',
      bounce: 'hard' | 'soft' = 'hard',
      detail = 'bounce reported by the mail provider',
    ): Promise<boolean> {
      if (type === 'bounce') {
        const changed = rowsOf<{ id: string }>(
          await tx.execute(
            sql`update campaign_recipients set state = 'bounced', bounce = ${bounce}, error = ${detail}, lease_until = null
                where id = ${id} and state in ('sent', 'pending') returning id`,
          ),
        );
        if (changed.length === 0) return false;
        await setDeliveryStatus(tx, id, 'bounced', detail);
        return true;
      }
      const changed = rowsOf<{ id: string }>(
        await tx.execute(sql`update campaign_recipients set complained_at = now() where id = ${id} and complained_at is null returning id`),
      );
      return changed.length > 0;
    },

    /**
     * Takes a webhook's one-time token: true the first time, false when it was taken within
     * `keepHours` (older ones are deleted on the way).
     */
    async takeWebhookToken(provider: string, token: string, keepHours: number): Promise<boolean> {
      await db.execute(sql`delete from webhook_tokens where seen_at < now() - make_interval(hours => ${keepHours})`);
      const taken = rowsOf<{ token: string }>(
        await db.execute(
          sql`insert into webhook_tokens (provider, token) values (${provider}, ${token}) on conflict (provider, token) do nothing returning token`,
        ),
      );
      return taken.length === 1;
    },

    /** Gives a token back when applying its request failed: the provider's retry must be taken. */
    async releaseWebhookToken(provider: string, token: string): Promise<void> {
      await db.execute(sql`delete from webhook_tokens where provider = ${provider} and token = ${token}`);
    },
  };
}
