import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { notify } from '@/components/notifications';
import { useLocale } from '@/components/use-locale';
import { formatDateTime } from '@/lib/format';
import { useCampaignAction } from '../api/campaign-action';
import { CampaignFigures } from './campaign-figures';
import { CampaignSentContent } from './campaign-sent-content';
import { CampaignProgress } from '@/components/campaign-progress';
import { CampaignStateBadge } from '@/components/campaign-state-badge';

/** A campaign's state, live progress while it sends, controls and figures; once sent, what went out. */
export function CampaignDetail({
  campaign,
  timeZone,
  onEdit,
  onBack,
}: {
  campaign: Campaign;
  timeZone: string;
  onEdit: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation(['campaigns', 'admin']);
  const locale = useLocale();
  const action = useCampaignAction();
  const act = (name: 'pause' | 'resume' | 'cancel') =>
    action.mutate({ id: campaign.id, action: name }, { onError: (e) => notify('error', apiErrorMessage(e, t)) });
  const c = campaign;
  return (
    <Paper withBorder p="md" radius="md" data-testid="campaign-detail">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h3">
              {c.name}
            </Title>
            <Text size="sm" c="dimmed">
              {c.subject ?? c.templateName ?? t('noTemplate')}
            </Text>
          </Stack>
          <CampaignStateBadge state={c.state} />
        </Group>
        {c.scheduledAt && c.state === 'scheduled' ? (
          <Text size="sm">{t('scheduledFor', { at: formatDateTime(c.scheduledAt, locale, timeZone) })}</Text>
        ) : null}
        {c.startedAt ? <Text size="sm">{t('startedAt', { at: formatDateTime(c.startedAt, locale, timeZone) })}</Text> : null}
        {c.finishedAt && c.state === 'sent' ? (
          <Text size="sm">{t('finishedAt', { at: formatDateTime(c.finishedAt, locale, timeZone) })}</Text>
        ) : null}
        {c.stall ? (
          <Alert color="yellow" role="status" title={t('stall.title')} data-testid="campaign-stall">
            <Text size="sm">{t('stall.body', { since: formatDateTime(c.stall.since, locale, timeZone), reason: c.stall.reason })}</Text>
            <Text size="sm" c="dimmed">
              {t('stall.hint')}
            </Text>
          </Alert>
        ) : null}
        {c.error ? (
          <Alert color="red" role="alert">
            {c.error}
          </Alert>
        ) : null}
        {c.figures.recipients > 0 ? <CampaignProgress figures={c.figures} /> : null}
        <Group gap="sm" wrap="wrap">
          {c.state === 'sending' ? (
            <Button variant="light" color="orange" onClick={() => act('pause')} loading={action.isPending}>
              {t('actions.pause')}
            </Button>
          ) : null}
          {c.state === 'paused' ? (
            <Button onClick={() => act('resume')} loading={action.isPending}>
              {t('actions.resume')}
            </Button>
          ) : null}
          {c.state === 'sending' || c.state === 'paused' || c.state === 'scheduled' ? (
            <Button variant="light" color="red" onClick={() => act('cancel')} loading={action.isPending}>
              {c.state === 'scheduled' ? t('actions.unschedule') : t('actions.cancel')}
            </Button>
          ) : null}
          {c.state === 'draft' || c.state === 'failed' ? <Button onClick={onEdit}>{t('actions.edit')}</Button> : null}
          <Button variant="default" onClick={onBack}>
            {t('actions.back')}
          </Button>
        </Group>
        {!c.tracking ? (
          <Text size="sm" c="dimmed" data-testid="campaign-untracked">
            {t('untracked')}
          </Text>
        ) : null}
        {c.figures.recipients > 0 ? <CampaignFigures figures={c.figures} tracked={c.tracking} /> : null}
        {c.state === 'sent' ? <CampaignSentContent campaign={c} /> : null}
      </Stack>
    </Paper>
  );
}
