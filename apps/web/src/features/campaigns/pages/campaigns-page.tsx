import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Campaign } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { usePreferences } from '@/lib/api/preferences';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useDeleteCampaign } from '../api/delete-campaign';
import { useCampaign } from '../api/get-campaign';
import { useCampaigns } from '../api/get-campaigns';
import { CampaignDetail } from '../components/campaign-detail';
import { CampaignForm } from '../components/campaign-form';
import { SenderCard } from '../components/sender-card';
import { CampaignProgress } from '@/components/campaign-progress';
import { CampaignStateBadge } from '@/components/campaign-state-badge';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** /user/campanas: the list (`?id=` opens one, `?edit=new|<id>` the form). */
export default function CampaignsPage() {
  const { t } = useTranslation(['campaigns', 'admin', 'common']);
  usePageTitle(t('title'));
  const locale = useLocale();
  const timeZone = usePreferences().data?.timeZone ?? browserZone();
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit');
  const openId = params.get('id');
  const list = useCampaigns();
  const open = useCampaign(openId ?? (editing && editing !== 'new' ? editing : null));
  const remove = useDeleteCampaign();
  const go = (next: Record<string, string>) => setParams(next);

  const header = (
    <PageHeader
      title={t('title')}
      intro={t('intro')}
      actions={
        !editing ? (
          <Group gap="xs">
            {/* Automations live beside the campaigns (the sidebar has no room left at 1280×800). */}
            <Button component={Link} to="/user/campanas/automatizaciones" variant="default" data-testid="campaigns-automations">
              {t('automations')}
            </Button>
            <Button onClick={() => go({ edit: 'new' })} data-testid="new-campaign">
              {t('new')}
            </Button>
          </Group>
        ) : null
      }
    />
  );

  let body;
  if (editing) {
    body =
      editing !== 'new' && open.isPending ? (
        <Skeleton h={300} />
      ) : (
        <CampaignForm
          key={editing}
          campaign={editing === 'new' ? null : (open.data ?? null)}
          timeZone={timeZone}
          onDone={(c) => go({ id: c.id })}
          onCancel={() => go(editing === 'new' ? {} : { id: editing })}
        />
      );
  } else if (openId) {
    body = open.isError ? (
      <Alert color="red" role="alert">
        {apiErrorMessage(open.error, t)}
      </Alert>
    ) : open.data ? (
      <CampaignDetail campaign={open.data} timeZone={timeZone} onEdit={() => go({ edit: openId })} onBack={() => go({})} />
    ) : (
      <Skeleton h={300} aria-label={t('loading')} />
    );
  } else if (list.isPending) {
    body = (
      <Stack gap="sm" aria-busy aria-label={t('loading')}>
        <Skeleton h={72} />
        <Skeleton h={72} />
      </Stack>
    );
  } else if (list.isError) {
    body = (
      <Alert color="red" role="alert" title={t('error')}>
        <Group gap="sm">
          <Text size="sm">{apiErrorMessage(list.error, t)}</Text>
          <Button size="xs" variant="light" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (list.data.length === 0) {
    body = (
      <Paper withBorder p="lg" radius="md" data-testid="campaigns-empty">
        <Text>{t('empty')}</Text>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('listLabel')}>
        {list.data.map((c: Campaign) => (
          <Paper key={c.id} withBorder p="sm" radius="md" component="li" data-testid="campaign-row" data-id={c.id}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Button variant="subtle" px={0} onClick={() => go({ id: c.id })} style={{ maxWidth: '100%' }}>
                  {c.name}
                </Button>
                <CampaignStateBadge state={c.state} />
              </Group>
              <Text size="sm" c="dimmed">
                {c.state === 'scheduled' && c.scheduledAt
                  ? t('scheduledFor', { at: formatDateTime(c.scheduledAt, locale, timeZone) })
                  : t('summary', {
                      count: c.figures.recipients,
                      formatted: formatNumber(c.figures.recipients, locale),
                      sent: c.figures.sent,
                      opened: c.figures.opened,
                      clicked: c.figures.clicked,
                    })}
              </Text>
              {c.state === 'sending' || c.state === 'paused' ? <CampaignProgress figures={c.figures} compact /> : null}
              {c.state !== 'sending' && c.state !== 'paused' ? (
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    loading={remove.isPending && remove.variables === c.id}
                    onClick={() =>
                      remove.mutate(c.id, {
                        onSuccess: () => notify('success', t('trashed', { name: c.name })),
                        onError: (e) => notify('error', apiErrorMessage(e, t)),
                      })
                    }
                  >
                    {t('actions.trash')}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={880} w="100%" data-testid="campaigns-page">
      {header}
      {!openId ? <SenderCard /> : null}
      {body}
    </Stack>
  );
}
