import type { Locale } from '@enlaza/contracts';
import { PREFERENCES_QUERY_KEY, preferencesQueryOptions, savePreferences } from './api/preferences';
import { queryClient } from './query-client';

/**
 * Saves a signed-in user's language with their other preferences unchanged, so the choice made in
 * the header follows them: after a reload (the signed-in sync applies the saved language) and on
 * another device. Loaded only when a signed-in user switches (the login page never downloads it).
 */
export async function saveLanguagePreference(locale: Locale): Promise<void> {
  const current = await queryClient.fetchQuery(preferencesQueryOptions());
  const saved = await savePreferences({ ...current, locale });
  queryClient.setQueryData(PREFERENCES_QUERY_KEY, saved);
}
