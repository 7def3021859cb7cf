import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse, trashCountSchema } from '@enlaza/contracts';

/** The answer of a deletion: how many items went. */
export const countAnswer = okResponse(trashCountSchema);

/** A restore or a deletion changes lists all over the app (cards, mailbox, cloud, usage): refetch what is on screen. */
export function useTrashMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries() });
}
