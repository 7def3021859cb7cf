import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, preferencesSchema, type Preferences } from '@enlaza/contracts';
import { apiGet } from '../http';

/*
 * `GET /api/account/preferences` (saved by `save-preferences.ts`): language, time zone and theme saved on the server so they
 * follow the user. Read by the signed-in sync (applied once per sign-in), the preferences page
 * and the pages that show dates in the user's time zone.
 */
export const preferencesResponseSchema = okResponse(preferencesSchema);

/** Query keys of my preferences (language, time zone). */
export const preferencesKeys = { all: ['account', 'preferences'] as const };

export async function fetchPreferences(): Promise<Preferences> {
  return (await apiGet('/api/account/preferences', preferencesResponseSchema)).data;
}

export function preferencesQueryOptions() {
  return queryOptions({ queryKey: preferencesKeys.all, queryFn: fetchPreferences, staleTime: Infinity });
}

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}
