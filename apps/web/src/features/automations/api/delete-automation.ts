import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { automationKeys, automationPath } from './keys';

/** `DELETE /api/automations/{id}` (refused with `automation.busy` while it is active). */
export async function deleteAutomation(id: string): Promise<void> {
  await apiSend('DELETE', automationPath(id), undefined, okResponse(z.object({ deleted: z.literal(true) })));
}

export const useDeleteAutomation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAutomation,
    // The list only: the deleted one's page is being left, and reading it again would find nothing.
    onSuccess: (_answer, id) => {
      void queryClient.invalidateQueries({ queryKey: automationKeys.all, exact: true });
      queryClient.removeQueries({ queryKey: automationKeys.one(id) });
    },
  });
};
