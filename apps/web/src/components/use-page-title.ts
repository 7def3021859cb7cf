import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets `document.title` to "<page> · Enlaza" (screen readers announce it on navigation). */
export function usePageTitle(title: string): void {
  const { t } = useTranslation('common');
  const app = t('appName');
  useEffect(() => {
    document.title = title && title !== app ? `${title} · ${app}` : app;
  }, [title, app]);
}
