import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scimKeys } from './keys';

/** A change to the team's SCIM provisioning: the overview is read again after it. */
export function useScimMutation<A, R>(key: string, fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...scimKeys.overview, key],
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scimKeys.overview }),
  });
}
