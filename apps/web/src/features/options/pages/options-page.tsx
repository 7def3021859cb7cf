import { Alert, Button, Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/components/use-page-title';
import { useOptions } from '../api/get-options';
import { AliasCard } from '../components/alias-card';
import { ApiTokensCard } from '../components/api-tokens-card';
import { DeleteAccountCard } from '../components/delete-account-card';
import { ExportCard } from '../components/export-card';
import { NotificationsCard } from '../components/notifications-card';
import { PasskeysCard } from '../components/passkeys-card';
import { SessionsCard } from '../components/sessions-card';
import { WebhooksLinkCard } from '../components/webhooks-link-card';
import { CrmLinkCard } from '../components/crm-link-card';
import { TwoFactorCard } from '../components/two-factor-card';

/** /user/opciones: public alias, notification emails, signed-in devices, export of my data, delete my account. */
export default function OptionsPage() {
  const { t } = useTranslation('options');
  usePageTitle(t('title'));
  const query = useOptions();
  return (
    <Stack gap="lg" maw={880} w="100%" data-testid="options-page">
      <PageHeader title={t('title')} intro={t('intro')} />
      {query.isPending ? (
        <Stack gap="lg" aria-busy="true" aria-label={t('loading')}>
          {[0, 1].map((i) => (
            <Paper key={i} withBorder radius="md" p="lg">
              <Skeleton height={18} width="30%" mb="sm" />
              <Skeleton height={36} />
            </Paper>
          ))}
        </Stack>
      ) : query.isError ? (
        <Alert color="red" role="alert" title={t('errors.load')}>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <AliasCard options={query.data} />
          <NotificationsCard options={query.data} />
        </>
      )}
      <SessionsCard />
      <PasskeysCard />
      <TwoFactorCard />
      <ApiTokensCard />
      <WebhooksLinkCard />
      <CrmLinkCard />
      <ExportCard />
      <DeleteAccountCard />
    </Stack>
  );
}
