import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, Modal, Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_ENDPOINTS_PER_USER, type WebhookEndpoint } from '@enlaza/contracts';
import { PageHeader } from '@/components/page-header';
import { ShowOnceSecret } from '@/components/show-once-secret';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { formatDateTime } from '@/lib/format';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints';
import { useRollWebhookSecret } from '../api/roll-webhook-secret';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import { DeliveryLog } from '../components/delivery-log';
import { EndpointDialog } from '../components/endpoint-dialog';

/** One endpoint: URL, description, events, status; turn it off or on, edit, roll its secret, see its log, delete it. */
function EndpointRow({
  endpoint,
  onEdit,
  onLog,
  onRoll,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onLog: () => void;
  onRoll: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const locale = useLocale();
  const toggle = useUpdateWebhookEndpoint();
  const status = endpoint.enabled ? 'enabled' : endpoint.disabledReason === 'failing' ? 'failing' : 'disabled';
  return (
    <Paper component="li" withBorder radius="sm" p="sm" data-testid="webhooks-endpoint">
      <Stack gap="xs">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Text>
            {endpoint.description ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {endpoint.description}
              </Text>
            ) : null}
          </Stack>
          <Badge color={status === 'enabled' ? 'teal' : status === 'failing' ? 'red' : 'gray'} variant="light" tt="none">
            {t(`status.${status}`)}
          </Badge>
        </Group>
        <Group gap={4} wrap="wrap" aria-label={t('form.events')}>
          {endpoint.events.map((type) => (
            <Code key={type}>{type}</Code>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {endpoint.lastAttemptAt === null
            ? t('lastAttempt.none')
            : t(endpoint.lastAttemptOk ? 'lastAttempt.ok' : 'lastAttempt.failed', { when: formatDateTime(endpoint.lastAttemptAt, locale) })}
        </Text>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Switch
            checked={endpoint.enabled}
            disabled={toggle.isPending}
            onChange={(event) => toggle.mutate({ id: endpoint.id, body: { enabled: event.currentTarget.checked } })}
            label={t('enabled')}
            data-testid="webhooks-toggle"
          />
          <Group gap="xs" wrap="wrap">
            <Button size="xs" variant="light" onClick={onLog} data-testid="webhooks-open-log">
              {t('log.open')}
            </Button>
            <Button size="xs" variant="default" onClick={onEdit} data-testid="webhooks-edit">
              {t('edit')}
            </Button>
            <Button size="xs" variant="default" onClick={onRoll} data-testid="webhooks-roll">
              {t('roll.button')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={onDelete} data-testid="webhooks-delete">
              {t('delete.button')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /user/webhooks: signed outgoing webhooks — the endpoints, their secrets and their delivery logs. */
export default function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  usePageTitle(t('title'));
  const query = useWebhookEndpoints();
  const [editing, setEditing] = useState<WebhookEndpoint | null | 'new'>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rolling, setRolling] = useState<WebhookEndpoint | null>(null);
  const full = (query.data?.length ?? 0) >= WEBHOOK_ENDPOINTS_PER_USER;

  return (
    <Stack gap="lg" maw={880} w="100%" data-testid="webhooks-page">
      <PageHeader
        title={t('title')}
        intro={t('intro')}
        actions={
          <Button disabled={!query.isSuccess || full} onClick={() => setEditing('new')} data-testid="webhooks-add">
            {t('add')}
          </Button>
        }
      />
      {query.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('loading')}>
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      ) : query.isError ? (
        <Alert color="red" role="alert" title={t('loadFailed')}>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      ) : query.data.length === 0 ? (
        <Paper withBorder radius="md" p="lg" data-testid="webhooks-empty">
          <Text fw={600}>{t('empty.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('empty.body')}
          </Text>
        </Paper>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('title')}>
          {query.data.map((endpoint) => (
            <EndpointRow
              key={endpoint.id}
              endpoint={endpoint}
              onEdit={() => setEditing(endpoint)}
              onLog={() => setLogOf(endpoint)}
              onRoll={() => setRolling(endpoint)}
              onDelete={() => setDeleting(endpoint)}
            />
          ))}
        </Stack>
      )}
      {full ? (
        <Text size="sm" c="dimmed">
          {t('full', { count: WEBHOOK_ENDPOINTS_PER_USER })}
        </Text>
      ) : null}

      <EndpointDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        endpoint={editing === 'new' ? null : editing}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <DeliveryLog endpoint={logOf} onClose={() => setLogOf(null)} />

      <RollSecretDialog endpoint={rolling} onClose={() => setRolling(null)} />
      <DeleteEndpointDialog endpoint={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

/** Rolling an endpoint's secret: asked once, then the new secret shown this once. */
function RollSecretDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const roll = useRollWebhookSecret();
  const close = () => {
    if (roll.isPending) return;
    // Forgets the secret: it is never shown again.
    roll.reset();
    onClose();
  };
  return (
    <Modal
      opened={endpoint !== null}
      onClose={close}
      title={t('roll.title')}
      centered
      closeButtonProps={{ 'aria-label': t('form.cancel') }}
    >
      {roll.data ? (
        <ShowOnceSecret secret={roll.data.secret} notice={t('secret.shownOnce')} testId="webhooks-secret" onDone={close} />
      ) : (
        <Stack gap="md">
          <Text size="sm">{t('roll.body')}</Text>
          {roll.isError ? (
            <Alert color="red" role="alert">
              {t('roll.failed')}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={roll.isPending} data-autofocus>
              {t('form.cancel')}
            </Button>
            <Button loading={roll.isPending} onClick={() => endpoint && roll.mutate(endpoint.id)} data-testid="webhooks-roll-confirm">
              {t('roll.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Deleting an endpoint, asked once: it receives no more events and its delivery log goes. */
function DeleteEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const remove = useDeleteWebhookEndpoint();
  // Closed, the last attempt is forgotten: the next one opens without its error.
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  return (
    <Modal
      opened={endpoint !== null}
      onClose={close}
      title={t('delete.title')}
      centered
      closeButtonProps={{ 'aria-label': t('form.cancel') }}
    >
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('delete.body', { url: endpoint?.url ?? '' })}
        </Text>
        {remove.isError ? (
          <Alert color="red" role="alert">
            {t('delete.failed')}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={remove.isPending} data-autofocus>
            {t('form.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              endpoint &&
              remove.mutate(endpoint.id, {
                onSuccess: () => {
                  remove.reset();
                  onClose();
                },
              })
            }
            data-testid="webhooks-delete-confirm"
          >
            {t('delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
