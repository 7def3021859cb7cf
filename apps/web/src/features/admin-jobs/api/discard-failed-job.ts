import { useMutation, useQueryClient } from '@tanstack/react-query';
import { failedJobActionResponseSchema } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { failedJobKeys } from './list-failed-jobs';

/** `DELETE /api/admin/jobs/failed/:id`: the failed job leaves the list without running again. */
export function useDiscardFailedJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend('DELETE', `/api/admin/jobs/failed/${id}`, undefined, failedJobActionResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: failedJobKeys.all }),
  });
}
