import { Alert, Button, Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/components/use-page-title';
import { usePreferences } from '@/lib/api/preferences';
import { PreferencesForm } from '../components/preferences-form';

/** /user/preferencias: language, time zone and theme, saved on the server so they follow the user. */
export default function PreferencesPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('preferences.title'));
  const query = usePreferences();
  return (
    <Stack gap="lg" maw={720} w="100%" data-testid="preferences-page">
      <PageHeader title={t('preferences.title')} intro={t('preferences.intro')} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        {query.isPending ? (
          <Stack gap="lg" aria-busy="true" aria-label={t('preferences.loading')}>
            {[0, 1, 2].map((i) => (
              <Stack key={i} gap={6}>
                <Skeleton height={14} width="30%" />
                <Skeleton height={36} />
              </Stack>
            ))}
          </Stack>
        ) : query.isError ? (
          <Alert color="red" role="alert" title={t('preferences.loadError')}>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('personal.retry')}
            </Button>
          </Alert>
        ) : (
          <PreferencesForm initial={query.data} />
        )}
      </Paper>
    </Stack>
  );
}
