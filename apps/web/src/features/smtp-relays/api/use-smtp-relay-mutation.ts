import { useMutation, useQueryClient } from '@tanstack/react-query';
import { smtpRelayKeys } from './keys';

/** A change to the SMTP servers; the list is read again after it. */
export function useSmtpRelayMutation<A, R>(key: string, fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...smtpRelayKeys.all, key],
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: smtpRelayKeys.all }),
  });
}
