import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadError, LoadingRows } from '@/components/load-states';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/components/use-page-title';
import { useSsoSettings } from '../api/get-sso-settings';
import { DomainsPanel } from '../components/domains-panel';
import { EnforcePanel } from '../components/enforce-panel';
import { ProviderForm } from '../components/provider-form';
import { ServiceProviderValues } from '../components/service-provider-values';
import { TestPanel } from '../components/test-panel';

/**
 * /user/equipo/sso: the team owner's single sign-on (docs/teams.md, "Single sign-on"): the values to
 * paste into the identity provider, the provider itself, the email domains and their DNS proof,
 * enforcement, and a test sign-in whose result shows here (`?test=`) when the provider sends the browser back.
 */
export default function SsoSettingsPage() {
  const { t } = useTranslation('sso');
  usePageTitle(t('title'));
  const query = useSsoSettings();
  const [params] = useSearchParams();
  const settings = query.data;
  return (
    <Stack gap="lg" maw={1000} w="100%" data-testid="sso-page">
      <PageHeader title={t('title')} intro={t('intro')} />
      <Anchor component={Link} to="/user/equipo" size="sm" data-testid="sso-back">
        {t('back')}
      </Anchor>
      {query.isPending ? (
        <LoadingRows rows={3} height={160} testId="sso-loading" />
      ) : query.isError || !settings ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} testId="sso-error" />
      ) : (
        <>
          <ServiceProviderValues values={settings.serviceProvider} />
          <ProviderForm key={settings.updatedAt ?? 'new'} settings={settings} />
          <DomainsPanel domains={settings.domains} />
          <EnforcePanel settings={settings} />
          <TestPanel testId={params.get('test')} ready={settings.provider !== null} />
        </>
      )}
    </Stack>
  );
}
