import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError, LoadingRows } from '@/components/load-states';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/components/use-page-title';
import { useScimOverview } from '../api/get-scim-overview';
import { CallsPanel } from '../components/calls-panel';
import { DeactivationPanel } from '../components/deactivation-panel';
import { ProviderValues } from '../components/provider-values';
import { TokensPanel } from '../components/tokens-panel';

/**
 * /user/equipo/scim: the team's SCIM provisioning (docs/teams.md, "Provisioning with SCIM"): the
 * values to paste into Okta or Entra ID, the tokens (made once, shown once, revoked), what
 * deactivation does with a card, and the last calls. The owner changes it; an admin sees it.
 */
export default function ScimSettingsPage() {
  const { t } = useTranslation('scim');
  usePageTitle(t('title'));
  const query = useScimOverview();
  const overview = query.data;
  const isOwner = overview?.role === 'owner';
  return (
    <Stack gap="lg" maw={1000} w="100%" data-testid="scim-page">
      <PageHeader title={t('title')} intro={t('intro')} />
      <Anchor component={Link} to="/user/equipo" size="sm" data-testid="scim-back">
        {t('back')}
      </Anchor>
      {query.isPending ? (
        <LoadingRows rows={3} height={160} testId="scim-loading" />
      ) : query.isError || !overview ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} testId="scim-error" />
      ) : (
        <>
          <ProviderValues baseUrl={overview.baseUrl} />
          <TokensPanel tokens={overview.tokens} isOwner={isOwner} />
          <DeactivationPanel choice={overview.cardOnDeactivation} isOwner={isOwner} />
          <CallsPanel calls={overview.calls} users={overview.users} groups={overview.groups} />
        </>
      )}
    </Stack>
  );
}
