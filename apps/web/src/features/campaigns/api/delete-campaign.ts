import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { campaignKeys } from './keys';

/** `DELETE /api/campaigns/{id}`. */
export async function deleteCampaign(id: string): Promise<void> {
  await apiSend('DELETE', `/api/campaigns/${encodeURIComponent(id)}`, undefined, okResponse(z.object({ id: z.string() })));
}

export const useDeleteCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCampaign, onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }) });
};
