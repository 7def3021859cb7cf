import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignSender } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { campaignKeys, senderAnswer } from './keys';

/** `GET /api/campaigns/sender`: who the campaigns come from (suggestions from the account until saved). */
export async function getCampaignSender(): Promise<CampaignSender> {
  return (await apiGet('/api/campaigns/sender', senderAnswer)).data;
}

export const campaignSenderQueryOptions = () => queryOptions({ queryKey: campaignKeys.sender, queryFn: getCampaignSender });

export const useCampaignSender = () => useQuery(campaignSenderQueryOptions());
