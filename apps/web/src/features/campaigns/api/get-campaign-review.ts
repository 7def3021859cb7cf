import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignReviewSchema, okResponse, type CampaignReview } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { campaignKeys } from './keys';

/** `GET /api/campaigns/{id}/review`: the email as the audience will get it, rendered for me, its sender and recipient count. */
export async function getCampaignReview(id: string): Promise<CampaignReview> {
  return (await apiGet(`/api/campaigns/${encodeURIComponent(id)}/review`, okResponse(campaignReviewSchema))).data;
}

export const campaignReviewQueryOptions = (id: string) =>
  queryOptions({ queryKey: campaignKeys.review(id), queryFn: () => getCampaignReview(id) });

export const useCampaignReview = (id: string) => useQuery(campaignReviewQueryOptions(id));
