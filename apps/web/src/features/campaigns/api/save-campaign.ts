import type { Campaign, CampaignBodyInput } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { campaignAnswer } from './keys';
import { useCampaignMutation } from './use-campaign-mutation';

/** `POST /api/campaigns` (a new draft) or `PUT /api/campaigns/{id}`. */
export async function saveCampaign({ id, body }: { id: string | null; body: CampaignBodyInput }): Promise<Campaign> {
  const path = id ? `/api/campaigns/${encodeURIComponent(id)}` : '/api/campaigns';
  return (await apiSend(id ? 'PUT' : 'POST', path, body, campaignAnswer)).data;
}

export const useSaveCampaign = () => useCampaignMutation(saveCampaign);
