import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignListSchema, type Campaign } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { campaignKeys } from './keys';

/** `GET /api/campaigns`: my campaigns. */
export async function getCampaigns(): Promise<Campaign[]> {
  return (await apiGet('/api/campaigns', campaignListSchema)).data;
}

export const campaignsQueryOptions = () => queryOptions({ queryKey: campaignKeys.all, queryFn: getCampaigns });

/** The list polls while something is sending, so its progress moves. */
export const useCampaigns = () =>
  useQuery({ ...campaignsQueryOptions(), refetchInterval: (q) => (q.state.data?.some((c) => c.state === 'sending') ? 2000 : false) });
