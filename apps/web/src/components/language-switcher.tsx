import { Input } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@enlaza/contracts';
import { changeLanguage } from '@/lib/i18n';
import { DEFAULT_LANGUAGE, isLocale, SUPPORTED_LOCALES } from '@/lib/language';
import { getToken } from '@/lib/session';

/** Each language named in itself, so it is recognisable whatever the UI language is. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', jp: '日本語' };

/** Shows `language` at once; a signed-in user's choice is also saved with their preferences (it survives a reload). */
export function switchLanguage(language: Locale): Promise<void> {
  const shown = changeLanguage(language).catch((error: unknown) => console.error('Language change failed', error));
  const saved = getToken()
    ? import('@/lib/save-preferences')
        .then((m) => m.saveLanguagePreference(language))
        .catch((error: unknown) => console.error('Saving the language failed', error))
    : Promise.resolve();
  return Promise.all([shown, saved]).then(() => undefined);
}

/** A native select (keyboard and screen-reader friendly everywhere), styled as a Mantine input. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const current = i18n.language;
  return (
    <Input
      component="select"
      aria-label={t('language')}
      size="xs"
      w={108}
      pointer
      value={isLocale(current) ? current : DEFAULT_LANGUAGE}
      rightSection={
        <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <path d="m6 9 6 6 6-6" />
        </svg>
      }
      rightSectionPointerEvents="none"
      data-testid="language-switcher"
      onChange={(event: React.ChangeEvent<HTMLSelectElement>) => {
        const next = event.currentTarget.value;
        if (isLocale(next)) void switchLanguage(next);
      }}
    >
      {SUPPORTED_LOCALES.map((value) => (
        <option key={value} value={value}>
          {LANGUAGE_NAMES[value]}
        </option>
      ))}
    </Input>
  );
}
