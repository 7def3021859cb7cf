import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookKeys } from './keys';

/** A change to an endpoint or a delivery; the endpoints and their logs are read again after it. */
export function useWebhookMutation<A, R>(key: string, fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...webhookKeys.all, key],
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
