import type { Campaign } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { campaignAnswer } from './keys';
import { useCampaignMutation } from './use-campaign-mutation';

/** `POST /api/campaigns/{id}/{pause|resume|cancel}`. */
export async function runCampaignAction({ id, action }: { id: string; action: 'pause' | 'resume' | 'cancel' }): Promise<Campaign> {
  return (await apiSend('POST', `/api/campaigns/${encodeURIComponent(id)}/${action}`, undefined, campaignAnswer)).data;
}

export const useCampaignAction = () => useCampaignMutation(runCampaignAction);
