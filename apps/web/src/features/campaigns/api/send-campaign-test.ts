import { useMutation } from '@tanstack/react-query';
import { campaignTestSendSchema, okResponse } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';

/** `POST /api/campaigns/{id}/test`: the campaign as it will go out, to my own address. */
export const sendCampaignTest = async (id: string) =>
  (await apiSend('POST', `/api/campaigns/${encodeURIComponent(id)}/test`, undefined, okResponse(campaignTestSendSchema))).data;

export const useSendCampaignTest = () => useMutation({ mutationFn: sendCampaignTest });
