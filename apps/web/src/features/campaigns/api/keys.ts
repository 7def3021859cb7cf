import { campaignSchema, campaignSenderSchema, okResponse } from '@enlaza/contracts';

/** Query keys of my campaigns: `all` is also the list's. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  one: (id: string | null) => ['campaigns', id] as const,
  templates: ['campaigns', 'templates'] as const,
  reviews: ['campaigns', 'review'] as const,
  review: (id: string) => ['campaigns', 'review', id] as const,
  sender: ['campaigns', 'sender'] as const,
};

/** The answer that holds one campaign. */
export const campaignAnswer = okResponse(campaignSchema);
/** The answer that holds the campaigns' sender. */
export const senderAnswer = okResponse(campaignSenderSchema);
