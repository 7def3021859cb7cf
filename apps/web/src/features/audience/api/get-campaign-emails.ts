import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignListSchema, type Campaign } from '@enlaza/contracts';
import { audienceKeys } from '@/lib/api/audience-keys';
import { apiGet } from '@/lib/http';

/** `GET /api/campaigns`: my campaigns (an engagement condition can name one that was sent). */
export async function getCampaignEmails(): Promise<Campaign[]> {
  return (await apiGet('/api/campaigns', campaignListSchema)).data;
}

export const campaignEmailsQueryOptions = () => queryOptions({ queryKey: audienceKeys.campaignEmails, queryFn: getCampaignEmails });

export const useCampaignEmails = () => useQuery(campaignEmailsQueryOptions());
