import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendingDomain } from '@enlaza/contracts';
import { sendingDomainKeys } from './keys';

/**
 * A change to my domains. A domain the server answers replaces its row in the list at once (a check's
 * results show without waiting); the list is read again after any change, since choosing one domain
 * for campaigns takes the choice from the others.
 */
export function useSendingDomainMutation<A, R>(key: string, fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...sendingDomainKeys.all, key],
    mutationFn: fn,
    onSuccess: (answer) => {
      if (!isDomain(answer)) return;
      queryClient.setQueryData<SendingDomain[]>(sendingDomainKeys.all, (list) =>
        list?.some((d) => d.id === answer.id) ? list.map((d) => (d.id === answer.id ? answer : d)) : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sendingDomainKeys.all }),
  });
}

const isDomain = (value: unknown): value is SendingDomain =>
  typeof value === 'object' && value !== null && 'id' in value && 'records' in value;
