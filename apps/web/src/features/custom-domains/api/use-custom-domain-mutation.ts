import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomDomain, CustomDomainList } from '@enlaza/contracts';
import { customDomainKeys } from '@/lib/api/custom-domains';

/**
 * A change to my custom domains. A domain the server answers replaces its row in the list at once (a
 * check's results show without waiting, and so does the address the share panels use); the list is
 * read again after any change.
 */
export function useCustomDomainMutation<A, R>(key: string, fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...customDomainKeys.all, key],
    mutationFn: fn,
    onSuccess: (answer) => {
      if (!isDomain(answer)) return;
      queryClient.setQueryData<CustomDomainList>(customDomainKeys.all, (list) =>
        list?.domains.some((d) => d.id === answer.id)
          ? { ...list, domains: list.domains.map((d) => (d.id === answer.id ? answer : d)) }
          : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: customDomainKeys.all }),
  });
}

const isDomain = (value: unknown): value is CustomDomain =>
  typeof value === 'object' && value !== null && 'id' in value && 'records' in value;
