import type { Dashboard } from '@enlaza/contracts';
import type { Actor } from '../../platform/actor.js';
import type { CampaignsService } from '../campaigns/index.js';
import type { MailboxService } from '../mailbox/index.js';
import type { PublicProfileService } from '../public-profile/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';

type Deps = {
  subscriptions: Pick<SubscriptionsService, 'subscriptionData'>;
  publicProfiles: Pick<PublicProfileService, 'userStats'>;
  mailbox: Pick<MailboxService, 'unreadCount' | 'latest'>;
  campaigns: Pick<CampaignsService, 'latest'>;
};

/** The user dashboard: gathered from the other modules' services, never from their tables. */
export function createDashboardService({ subscriptions, publicProfiles, mailbox, campaigns }: Deps) {
  return {
    async overview(actor: Actor, now = new Date()): Promise<Dashboard> {
      const [subscription, visits, unreadMessages, latestMessages, campaignRows] = await Promise.all([
        subscriptions.subscriptionData(actor, now),
        publicProfiles.userStats(actor.id, 30, now),
        mailbox.unreadCount(actor.id),
        mailbox.latest(actor.id, 5),
        campaigns.latest(actor, 5),
      ]);
      const latestCampaigns = campaignRows.map(({ id, name, state, createdAt, figures }) => ({ id, name, state, createdAt, figures }));
      return {
        counts: { cards: subscription.usage.profiles, tags: subscription.usage.tags, unreadMessages },
        visits,
        latestMessages,
        latestCampaigns,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
