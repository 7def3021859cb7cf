import { useState } from 'react';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CRM_PROVIDERS, type CrmConnection, type CrmOverview, type CrmProvider, type CrmScope } from '@enlaza/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError, LoadingRows } from '@/components/load-states';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/components/use-page-title';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useDisconnectCrm } from '../api/disconnect-crm';
import { useCrmOverview } from '../api/get-crm-overview';
import { useStartCrmConnection } from '../api/start-crm-connection';
import { CrmProviderCard } from '../components/crm-provider-card';
import { SyncLog } from '../components/sync-log';

type Actions = {
  connecting: string | null;
  onConnect: (provider: CrmProvider, scope: CrmScope) => void;
  onDisconnect: (connection: CrmConnection) => void;
  onLog: (connection: CrmConnection) => void;
};

/** The two CRMs for one scope (my own cards, or every card of the team I own). */
function ScopeSection({ scope, overview, actions }: { scope: CrmScope; overview: CrmOverview; actions: Actions }) {
  const { t } = useTranslation('crm');
  return (
    <Stack gap="xs" component="section" aria-labelledby={`crm-${scope}-title`}>
      <Title order={2} size="h4" id={`crm-${scope}-title`}>
        {t(`scopes.${scope}.title`)}
      </Title>
      <Text size="sm" c="dimmed">
        {t(`scopes.${scope}.body`)}
      </Text>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {CRM_PROVIDERS.map((provider) => (
          <CrmProviderCard
            key={provider}
            provider={provider}
            scope={scope}
            configured={overview.providers.find((p) => p.provider === provider)?.configured ?? false}
            connection={overview.connections.find((c) => c.provider === provider && c.scope === scope) ?? null}
            connecting={actions.connecting === `${scope}:${provider}`}
            onConnect={() => actions.onConnect(provider, scope)}
            onDisconnect={actions.onDisconnect}
            onLog={actions.onLog}
          />
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * /user/crm: leads into HubSpot or Salesforce. Each visitor's message on my cards (and, as a team's
 * owner, on the team's cards) goes to the connected CRM with its consent and answered fields; the
 * sync log shows each lead's way there. For other tools, the signed webhooks.
 */
export default function CrmPage() {
  const { t } = useTranslation('crm');
  usePageTitle(t('title'));
  const query = useCrmOverview();
  const start = useStartCrmConnection();
  const disconnect = useDisconnectCrm();
  const [connecting, setConnecting] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<CrmConnection | null>(null);
  const [log, setLog] = useState<CrmConnection | null>(null);

  const actions: Actions = {
    connecting,
    onConnect: (provider, scope) => {
      setConnecting(`${scope}:${provider}`);
      start.mutate(
        { provider, scope },
        {
          // The vendor's consent page; it sends the browser back to /user/crm/callback.
          onSuccess: (url) => window.location.assign(url),
          onError: (error) => {
            setConnecting(null);
            notify('error', apiErrorMessage(error, t));
          },
        },
      );
    },
    onDisconnect: setLeaving,
    onLog: setLog,
  };
  const closeDisconnect = () => {
    if (disconnect.isPending) return;
    disconnect.reset();
    setLeaving(null);
  };

  let body;
  if (query.isPending) body = <LoadingRows rows={2} height={120} testId="crm-loading" />;
  else if (query.isError) body = <LoadError error={query.error} onRetry={() => void query.refetch()} testId="crm-error" />;
  else
    body = (
      <>
        <ScopeSection scope="user" overview={query.data} actions={actions} />
        {query.data.teamOwner ? <ScopeSection scope="team" overview={query.data} actions={actions} /> : null}
      </>
    );

  return (
    <Stack gap="lg" maw={1000} w="100%" data-testid="crm-page">
      <PageHeader title={t('title')} intro={t('intro')} />
      {body}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="crm-webhooks-note">
        <Stack gap={4}>
          <Title order={2} size="h5">
            {t('otherTools.title')}
          </Title>
          <Text size="sm">
            <Trans t={t} i18nKey="otherTools.body" components={{ webhooks: <Anchor component={Link} to="/user/webhooks" /> }} />
          </Text>
        </Stack>
      </Paper>
      <SyncLog connection={log} onClose={() => setLog(null)} />
      <ConfirmDialog
        opened={leaving !== null}
        title={t('disconnect.title', { name: leaving ? t(`providers.${leaving.provider}`) : '' })}
        confirmLabel={t('disconnect.confirm')}
        danger
        loading={disconnect.isPending}
        error={disconnect.isError ? apiErrorMessage(disconnect.error, t) : null}
        onConfirm={() =>
          leaving &&
          disconnect.mutate(leaving.id, {
            onSuccess: () => {
              notify('success', t('disconnect.done'));
              disconnect.reset();
              setLeaving(null);
            },
          })
        }
        onClose={closeDisconnect}
      >
        {t('disconnect.body')}
      </ConfirmDialog>
    </Stack>
  );
}
