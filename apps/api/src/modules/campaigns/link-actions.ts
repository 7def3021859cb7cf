import { suppress } from '../audience/index.js';
import type { CampaignsServiceDeps } from './service-deps.js';

/** The links in a sent email: the open pixel, the tracked clicks and the unsubscribe link. */
export function campaignLinkActions({ db, repo, signer }: Pick<CampaignsServiceDeps, 'db' | 'repo' | 'signer'>) {
  return {
    /** Whether the open pixel's token is valid; a valid open is counted when `counted` (not a machine's). */
    async recordOpen(token: string, { counted }: { counted: boolean }): Promise<boolean> {
      const id = signer.verify('open', token);
      if (!id || !(await repo.recipientOwner(id))) return false;
      if (counted) await repo.recordOpen(id);
      else await repo.recordMachineFetch(id, 'open');
      return true;
    },

    /** The destination of a valid click link, or null (answered 404); counted when `counted` (not a machine's). */
    async recordClick(token: string, url: string, { counted }: { counted: boolean }): Promise<string | null> {
      if (!/^https?:\/\//i.test(url)) return null;
      const id = signer.verify('click', token, url);
      if (!id || !(await repo.recipientOwner(id))) return null;
      if (counted) await repo.recordClick(id);
      else await repo.recordMachineFetch(id, 'click');
      return url;
    },

    /** The address of a valid unsubscribe token (to show it, partly hidden), or null. */
    async unsubscribeTarget(token: string): Promise<{ email: string } | null> {
      const id = signer.verify('unsubscribe', token);
      const row = id ? await repo.recipientOwner(id) : undefined;
      return row ? { email: row.email } : null;
    },

    /** One-click (RFC 8058) or the page's button: the address is suppressed for this owner. */
    async unsubscribe(token: string): Promise<boolean> {
      const id = signer.verify('unsubscribe', token);
      return id ? this.unsubscribeRecipient(id) : false;
    },

    /** The recipient of a verified link or `mailto:` (inbound.ts) is suppressed for the campaign's owner; false when unknown. */
    async unsubscribeRecipient(id: string): Promise<boolean> {
      const row = await repo.recipientOwner(id);
      if (!row) return false;
      await db.transaction(async (tx) => {
        await repo.recordUnsubscribe(tx, row.id);
        await suppress(tx, row.userId, row.email, 'unsubscribed');
      });
      return true;
    },
  };
}
