import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Campaign } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { campaignAnswer, campaignKeys } from './keys';

/** `GET /api/campaigns/{id}`. */
export async function getCampaign(id: string): Promise<Campaign> {
  return (await apiGet(`/api/campaigns/${encodeURIComponent(id)}`, campaignAnswer)).data;
}

/** Polled every second while it sends (the progress bar). */
export const campaignQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: campaignKeys.one(id),
    queryFn: () => getCampaign(id!),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.state === 'sending' ? 1000 : false),
  });

export const useCampaign = (id: string | null) => useQuery(campaignQueryOptions(id));
