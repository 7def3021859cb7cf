import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Full-page veil shown while a navigation loads; it fades in and out through CSS (app.css).
 * The spinner is plain CSS: this sits on every page, including the light login page.
 */
export function LoadingOverlay({ visible }: { visible: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className="route-loading-overlay" data-visible={visible} data-testid="route-loading-overlay" aria-hidden={!visible}>
      <span className="route-loading-spinner" aria-hidden="true" />
      <div role="status" aria-live="polite">
        {visible ? <VisuallyHidden>{t('loading')}</VisuallyHidden> : null}
      </div>
    </div>
  );
}
