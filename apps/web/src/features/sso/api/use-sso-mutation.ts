import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SsoSettings } from '@enlaza/contracts';
import { ssoKeys } from './keys';

const isSettings = (value: unknown): value is SsoSettings =>
  typeof value === 'object' && value !== null && 'serviceProvider' in value && 'domains' in value;

/** A change to the team's single sign-on: settings answered replace the cached ones at once; read again after any change. */
export function useSsoMutation<A, R>(key: string, fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...ssoKeys.settings, key],
    mutationFn: fn,
    onSuccess: (answer) => {
      if (isSettings(answer)) queryClient.setQueryData(ssoKeys.settings, answer);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ssoKeys.settings }),
  });
}
