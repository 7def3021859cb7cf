import type { Locale } from '@enlaza/contracts';
import { preferencesKeys, preferencesQueryOptions, savePreferences } from './api/preferences';
import { queryClient } from './query-client';

/** The save under way (or settled): the next one starts after it, so two saves never race. */
let queue: Promise<void> = Promise.resolve();
/** The language chosen last: a save whose turn comes after a newer choice is skipped. */
let latest: Locale | null = null;

/**
 * Saves a signed-in user's language with their other preferences unchanged, so the choice made in
 * the header follows them: after a reload (the signed-in sync applies the saved language) and on
 * another device. Loaded only when a signed-in user switches (the login page never downloads it).
 *
 * Saves run one after another and only the last choice is written: two quick switches (es, then
 * jp) sent side by side could reach the server in either order and leave the first one saved.
 */
export function saveLanguagePreference(locale: Locale): Promise<void> {
  latest = locale;
  const run = queue.then(async () => {
    if (latest !== locale) return;
    const current = await queryClient.fetchQuery(preferencesQueryOptions());
    const saved = await savePreferences({ ...current, locale });
    queryClient.setQueryData(preferencesKeys.all, saved);
  });
  queue = run.catch(() => undefined);
  return run;
}
