import type { Preferences } from '@enlaza/contracts';
import { changeLanguage } from './i18n';
import { currentLanguage } from './language';

/** Mantine's local-storage key for the colour scheme (its default manager). */
const COLOR_SCHEME_KEY = 'mantine-color-scheme-value';

export type MantineScheme = 'light' | 'dark' | 'auto';

export function schemeOfTheme(theme: Preferences['theme']): MantineScheme {
  return theme === 'system' ? 'auto' : theme;
}

/**
 * Applies a colour scheme from outside React: Mantine's manager listens to `storage` events,
 * so writing its key and announcing the change updates the provider at once.
 */
export function applyColorScheme(theme: Preferences['theme']): void {
  const value = schemeOfTheme(theme);
  try {
    if (window.localStorage.getItem(COLOR_SCHEME_KEY) === value) return;
    window.localStorage.setItem(COLOR_SCHEME_KEY, value);
    window.dispatchEvent(new StorageEvent('storage', { key: COLOR_SCHEME_KEY, newValue: value, storageArea: window.localStorage }));
  } catch {
    // storage disabled: keep the current scheme
  }
}

/** The user's saved language and theme, applied to the whole UI. */
export async function applyPreferences(preferences: Pick<Preferences, 'locale' | 'theme'>): Promise<void> {
  applyColorScheme(preferences.theme);
  if (preferences.locale !== currentLanguage()) await changeLanguage(preferences.locale);
}
