import { useEffect, useRef } from 'react';
import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/components/use-page-title';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useFinishCrmConnection } from '../api/finish-crm-connection';

/**
 * /user/crm/callback: where HubSpot or Salesforce send the browser back. The code and state go to
 * the API (the session that started must finish); then back to /user/crm. A refusal at the vendor
 * (`error` in the address) or by the API is shown with a way back.
 */
export default function CrmCallbackPage() {
  const { t } = useTranslation('crm');
  usePageTitle(t('callback.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const finish = useFinishCrmConnection();
  const sent = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  const vendorError = params.get('error_description') ?? params.get('error');

  useEffect(() => {
    if (sent.current || !code || !state) return;
    sent.current = true;
    finish.mutate(
      { code, state },
      {
        onSuccess: (connection) => {
          notify('success', t('callback.done', { name: t(`providers.${connection.provider}`), account: connection.accountName }));
          void navigate('/user/crm', { replace: true });
        },
      },
    );
  }, [code, state, finish, navigate, t]);

  const failed = vendorError ?? (!code || !state ? t('callback.missing') : finish.isError ? apiErrorMessage(finish.error, t) : null);
  return (
    <Stack gap="lg" maw={720} w="100%" data-testid="crm-callback">
      <PageHeader title={t('callback.title')} />
      {failed ? (
        <Alert color="red" title={t('callback.failed')}>
          <Stack gap="xs">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {failed}
            </Text>
            <Anchor component={Link} to="/user/crm" size="sm">
              {t('callback.back')}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <Stack align="center" gap="xs" aria-busy="true">
          <Loader size="sm" />
          <Text size="sm">{t('callback.finishing')}</Text>
        </Stack>
      )}
    </Stack>
  );
}
