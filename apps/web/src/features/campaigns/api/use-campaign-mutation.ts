import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign } from '@enlaza/contracts';
import { campaignKeys } from './keys';

/** A change that answers the campaign: it goes into the cache as answered, and the list is read again. */
export function useCampaignMutation<V>(call: (vars: V) => Promise<Campaign>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (campaign) => queryClient.setQueryData(campaignKeys.one(campaign.id), campaign),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
