import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@enlaza/contracts';
import { changeLanguage } from '@/lib/i18n';
import { DEFAULT_LANGUAGE, isLocale, SUPPORTED_LOCALES } from '@/lib/language';

/** Each language named in itself, so it is recognisable whatever the UI language is. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', jp: '日本語' };

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const current = i18n.language;
  return (
    <NativeSelect
      aria-label={t('language')}
      size="xs"
      w={108}
      value={isLocale(current) ? current : DEFAULT_LANGUAGE}
      data={SUPPORTED_LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
      data-testid="language-switcher"
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLocale(next)) {
          changeLanguage(next).catch((error: unknown) => console.error('Language change failed', error));
        }
      }}
    />
  );
}
