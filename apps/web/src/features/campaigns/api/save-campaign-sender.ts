import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignSender, CampaignSenderBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { campaignKeys, senderAnswer } from './keys';

/** `PUT /api/campaigns/sender`. */
export async function saveCampaignSender(body: CampaignSenderBody): Promise<CampaignSender> {
  return (await apiSend('PUT', '/api/campaigns/sender', body, senderAnswer)).data;
}

export const useSaveCampaignSender = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCampaignSender,
    onSuccess: (sender) => {
      queryClient.setQueryData(campaignKeys.sender, sender);
      // A review on screen shows the sender and its footer: drawn again with the new one.
      void queryClient.invalidateQueries({ queryKey: campaignKeys.reviews });
    },
  });
};
