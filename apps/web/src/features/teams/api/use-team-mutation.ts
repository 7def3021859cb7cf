import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamKeys } from '@/lib/api/team-template';

/** A team query's mutation: on success every team query is read again (members, cards, figures follow one another). */
export function useTeamMutation<A, R>(name: string, fn: (args: A) => Promise<R>, onSuccess?: (result: R) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...teamKeys.all, name],
    mutationFn: fn,
    onSuccess: (result) => {
      onSuccess?.(result);
      return queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}
