import type { Locale, Preferences } from '@enlaza/contracts';
import { preferencesKeys, preferencesQueryOptions } from './api/preferences';
import { savePreferences } from './api/save-preferences';
import { queryClient } from './query-client';

/** What the header's switches choose. */
type HeaderChoice = Pick<Preferences, 'locale' | 'theme'>;

/** The save under way (or settled): the next one starts after it, so two saves never race. */
let queue: Promise<void> = Promise.resolve();
/** The value chosen last for each field: a save whose turn comes after a newer choice is skipped. */
const latest: Partial<HeaderChoice> = {};

/**
 * Saves a signed-in user's choice made in the header (language or colour scheme) with their other
 * preferences unchanged, so it follows them: after a reload (the signed-in sync applies the saved
 * preferences) and on another device. Loaded only when a signed-in user switches (the login page
 * never downloads it).
 *
 * Saves run one after another and only the last choice of a field is written: two quick switches
 * (es, then jp) sent side by side could reach the server in either order and leave the first one
 * saved, and a language and a theme saved side by side would each write back the other's old value.
 */
function savePreference<K extends keyof HeaderChoice>(field: K, value: HeaderChoice[K]): Promise<void> {
  latest[field] = value;
  const run = queue.then(async () => {
    if (latest[field] !== value) return;
    const current = await queryClient.fetchQuery(preferencesQueryOptions());
    const saved = await savePreferences({ ...current, [field]: value });
    queryClient.setQueryData(preferencesKeys.all, saved);
  });
  queue = run.catch(() => undefined);
  return run;
}

export const saveLanguagePreference = (locale: Locale): Promise<void> => savePreference('locale', locale);

export const saveThemePreference = (theme: Preferences['theme']): Promise<void> => savePreference('theme', theme);
