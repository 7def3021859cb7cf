import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Automation } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { formatNumber } from '@/lib/format';
import { useAutomations } from '../api/get-automations';
import { AutomationFormModal } from '../components/automation-form-modal';
import { AutomationStateBadge } from '../components/automation-state-badge';
import { useTriggerText } from '../components/use-trigger-text';

export const builderPath = (id: string) => `/user/campanas/automatizaciones/${id}`;

function AutomationRow({ automation: a }: { automation: Automation }) {
  const { t } = useTranslation('automations');
  const locale = useLocale();
  const triggerText = useTriggerText();
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="automation-row" data-id={a.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor component={Link} to={builderPath(a.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {a.name}
          </Anchor>
          <AutomationStateBadge state={a.state} />
        </Group>
        <Text size="sm" data-testid="automation-trigger">
          {triggerText(a.trigger)}
        </Text>
        <Text size="sm" c="dimmed" data-testid="automation-summary">
          {a.steps.length ? t('steps', { count: a.steps.length }) : t('noSteps')}
          {' · '}
          {t('peopleSummary', {
            active: formatNumber(a.people.active, locale),
            finished: formatNumber(a.people.finished, locale),
            stopped: formatNumber(a.people.stopped, locale),
          })}
        </Text>
      </Stack>
    </Paper>
  );
}

/** /user/campanas/automatizaciones: my automations (email sequences), and a new one in a modal. */
export default function AutomationsPage() {
  const { t } = useTranslation(['automations', 'admin']);
  usePageTitle(t('title'));
  const navigate = useNavigate();
  const list = useAutomations();
  const [creating, setCreating] = useState(false);
  const create = () => setCreating(true);

  let body;
  if (list.isPending) {
    body = (
      <Stack gap="sm" aria-busy aria-label={t('loading')} data-testid="automations-loading">
        <Skeleton h={96} />
        <Skeleton h={96} />
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
      <Paper withBorder p="lg" radius="md" data-testid="automations-empty">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4">
            {t('emptyTitle')}
          </Title>
          <Text size="sm">{t('emptyBody')}</Text>
          <Button onClick={create} data-testid="automations-empty-new">
            {t('emptyAction')}
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('listLabel')}>
        {list.data.map((a) => (
          <AutomationRow key={a.id} automation={a} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={880} w="100%" data-testid="automations-page">
      <PageHeader
        title={t('title')}
        intro={t('intro')}
        actions={
          list.data?.length ? (
            <Button onClick={create} data-testid="new-automation">
              {t('new')}
            </Button>
          ) : null
        }
      />
      {body}
      <AutomationFormModal
        opened={creating}
        automation={null}
        onClose={() => setCreating(false)}
        onSaved={(saved) => {
          setCreating(false);
          notify('success', t('created', { name: saved.name }));
          void navigate(builderPath(saved.id));
        }}
      />
    </Stack>
  );
}
