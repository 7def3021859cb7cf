import { Link } from 'react-router';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/use-page-title';

/** A private, deleted or unknown profile: said plainly, with a way on. */
export function NotAvailable() {
  const { t } = useTranslation('public-profile');
  usePageTitle(t('notAvailable.title'));
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" ta="center" maw={480} data-testid="public-profile-not-available">
        <svg width="72" height="72" viewBox="0 0 24 24" fill="none" stroke="var(--mantine-color-dimmed)" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <circle cx="9" cy="11" r="2" />
          <path d="M6 16a3 3 0 0 1 6 0M15 10h3M15 13h2M3 3l18 18" />
        </svg>
        <Title order={1} size="h2">
          {t('notAvailable.title')}
        </Title>
        <Text c="dimmed">{t('notAvailable.body')}</Text>
        <Button component={Link} to="/">
          {t('notAvailable.home')}
        </Button>
      </Stack>
    </Center>
  );
}
