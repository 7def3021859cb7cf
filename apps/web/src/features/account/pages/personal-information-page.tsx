import { Alert, Button, Paper, Skeleton, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/components/use-page-title';
import { usePersonalInfo } from '../api/get-personal-info';
import { EmailChangeCard } from '../components/email-change-card';
import { PasswordChangeCard } from '../components/password-change-card';
import { PersonalInformationForm } from '../components/personal-information-form';
import { apiErrorMessage } from '@/lib/api-error-message';

function FormSkeleton() {
  const { t } = useTranslation('account');
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('personal.loading')} data-testid="personal-loading">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {[0, 1, 2, 3].map((i) => (
          <Stack key={i} gap={6}>
            <Skeleton height={14} width="40%" />
            <Skeleton height={36} />
          </Stack>
        ))}
      </SimpleGrid>
      <Skeleton height={36} width={120} ml="auto" />
    </Stack>
  );
}

/** /user/personalinformation: name, phone, country, billing details; changing the email and the password. */
export default function PersonalInformationPage() {
  const { t } = useTranslation('account');
  const query = usePersonalInfo();
  usePageTitle(t('personal.title'));

  return (
    <Stack gap="lg" maw={880} w="100%" data-testid="personal-information-page">
      <PageHeader title={t('personal.title')} intro={t('personal.intro')} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        {query.isPending ? (
          <FormSkeleton />
        ) : query.isError ? (
          <Alert color="red" role="alert" title={t('personal.errors.loadTitle')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{apiErrorMessage(query.error, t)}</Text>
              <Button size="xs" variant="light" onClick={() => void query.refetch()}>
                {t('personal.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <PersonalInformationForm initial={query.data} />
        )}
      </Paper>
      {query.isSuccess ? <EmailChangeCard currentEmail={query.data.email} /> : null}
      <PasswordChangeCard />
    </Stack>
  );
}
