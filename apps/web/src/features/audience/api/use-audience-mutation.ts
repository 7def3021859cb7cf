import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { audienceKeys } from '@/lib/api/audience-keys';

/** The answer of a removal. */
export const deletedAnswer = okResponse(z.object({ deleted: z.literal(true) }));

/** Every change here changes counts elsewhere in the audience area (and the campaign picker). */
export function useAudienceMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: audienceKeys.all }) });
}
