import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Preferences } from '@enlaza/contracts';
import { apiSend } from '../http';
import { preferencesKeys, preferencesResponseSchema } from './preferences';

/** `PUT /api/account/preferences`: language, time zone and theme. */
export async function savePreferences(preferences: Preferences): Promise<Preferences> {
  return (await apiSend('PUT', '/api/account/preferences', preferences, preferencesResponseSchema)).data;
}

/** Saves and puts the server's answer in the cache. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...preferencesKeys.all, 'save'],
    mutationFn: savePreferences,
    onSuccess: (saved) => queryClient.setQueryData(preferencesKeys.all, saved),
  });
}
