import { useMutation, useQueryClient } from '@tanstack/react-query';
import { failedJobActionResponseSchema } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { failedJobKeys } from './list-failed-jobs';

/** `POST /api/admin/jobs/failed/:id/retry`: its kind and payload run again as a new job; the list is read again. */
export function useRetryFailedJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend('POST', `/api/admin/jobs/failed/${id}/retry`, undefined, failedJobActionResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: failedJobKeys.all }),
  });
}
