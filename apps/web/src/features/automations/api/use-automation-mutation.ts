import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Automation } from '@enlaza/contracts';
import { automationKeys } from './keys';

/** A change that answers the automation: it goes into the cache as answered, and the list is read again. */
export function useAutomationMutation<V>(call: (vars: V) => Promise<Automation>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (automation) => queryClient.setQueryData(automationKeys.one(automation.id), automation),
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.all }),
  });
}
