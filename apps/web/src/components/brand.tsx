import { Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The product name, linking home. */
export function Brand({ to = '/' }: { to?: string }) {
  const { t } = useTranslation('common');
  return (
    <Link to={to} className="brand-link" aria-label={t('brandHome')}>
      <svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
        <path d="M10 16a4 4 0 0 1 4-4h2M22 16a4 4 0 0 1-4 4h-2M13 16h6" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" fill="none" />
      </svg>
      <Text component="span" fw={700} size="lg">
        {t('appName')}
      </Text>
    </Link>
  );
}
