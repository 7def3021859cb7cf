import type { Campaign } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { campaignAnswer } from './keys';
import { useCampaignMutation } from './use-campaign-mutation';

/** `POST /api/campaigns/{id}/start`: now, or at `at`. */
export async function startCampaign({ id, at }: { id: string; at?: string }): Promise<Campaign> {
  return (await apiSend('POST', `/api/campaigns/${encodeURIComponent(id)}/start`, at ? { at } : {}, campaignAnswer)).data;
}

export const useStartCampaign = () => useCampaignMutation(startCampaign);
