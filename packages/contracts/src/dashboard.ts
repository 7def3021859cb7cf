import { z } from 'zod';
import { campaignSchema } from './campaigns.js';
import { latestMessageSchema } from './mailbox.js';
import { profileStatsSchema } from './profiles.js';

/** `GET /api/dashboard`: the signed-in user's figures at a glance. */
export const dashboardSchema = z.object({
  /** Live (not trashed) cards and tags; unread messages across them. */
  counts: z.object({ cards: z.number(), tags: z.number(), unreadMessages: z.number() }),
  /** Unique visitors and link clicks per day over the last 30 days, summed over all the user's live profiles (zero-filled). */
  visits: profileStatsSchema,
  /** The newest messages (at most 5) across the user's profiles. */
  latestMessages: z.array(latestMessageSchema),
  /** The newest campaigns (at most 5, live ones), with their figures for the progress bar. */
  latestCampaigns: z.array(campaignSchema.pick({ id: true, name: true, state: true, createdAt: true, figures: true })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export type DashboardCampaign = Dashboard['latestCampaigns'][number];
