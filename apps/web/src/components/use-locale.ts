import { useTranslation } from 'react-i18next';
import type { Locale } from '@enlaza/contracts';
import { currentLanguage, isLocale } from '@/lib/language';

/** The UI language, re-rendering the caller when it changes. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : currentLanguage();
}
