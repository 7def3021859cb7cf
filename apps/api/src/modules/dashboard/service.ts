import type { Dashboard } from '@enlaza/contracts';
import type { UserRow } from '../auth/repository.js';
import type { MailboxService } from '../mailbox/service.js';
import type { PublicProfileService } from '../public-profile/service.js';
import type { SubscriptionsService } from '../subscriptions/service.js';

type Deps = {
  subscriptions: Pick<SubscriptionsService, 'subscriptionData'>;
  publicProfiles: Pick<PublicProfileService, 'userStats'>;
  mailbox: Pick<MailboxService, 'unreadCount' | 'latest'>;
};

/** The user dashboard: gathered from the other modules' services, never from their tables. */
export function createDashboardService({ subscriptions, publicProfiles, mailbox }: Deps) {
  return {
    async overview(user: UserRow, now = new Date()): Promise<Dashboard> {
      const [subscription, visits, unreadMessages, latestMessages] = await Promise.all([
        subscriptions.subscriptionData(user, now),
        publicProfiles.userStats(user.id, 30, now),
        mailbox.unreadCount(user.id),
        mailbox.latest(user.id, 5),
      ]);
      return { counts: { cards: subscription.usage.profiles, tags: subscription.usage.tags, unreadMessages }, visits, latestMessages };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
