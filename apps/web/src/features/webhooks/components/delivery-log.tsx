import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, Modal, ScrollArea, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery, WebhookEndpoint } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatDateTime } from '@/lib/format';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useWebhookDelivery } from '../api/get-webhook-delivery';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';

const STATUS_COLOR = { pending: 'yellow', succeeded: 'teal', failed: 'red' } as const;

/** One delivery's attempts: when, the answer (or the network error), the time taken, and the body sent. */
function Attempts({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) {
  const { t } = useTranslation('webhooks');
  const locale = useLocale();
  const query = useWebhookDelivery(endpointId, deliveryId);
  if (query.isPending) return <Skeleton height={80} aria-busy="true" aria-label={t('log.loading')} />;
  if (query.isError) return <Alert color="red">{t('log.loadFailed')}</Alert>;
  const attempts = query.data.attemptLog;
  return (
    <Stack gap="sm" data-testid="webhooks-attempts">
      {attempts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('log.noAttempts')}
        </Text>
      ) : null}
      {attempts.map((a) => (
        <Stack key={a.id} gap={4}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {t('log.attempt', { number: a.attempt })}
            </Text>
            <Badge variant="light" color={a.status !== null && a.status >= 200 && a.status < 300 ? 'teal' : 'red'} tt="none">
              {a.status ?? t('log.networkError')}
            </Badge>
            <Text size="sm" c="dimmed">
              {formatDateTime(a.at, locale)} · {t('log.duration', { ms: a.durationMs })}
            </Text>
          </Group>
          {a.error ? (
            <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
              {a.error}
            </Text>
          ) : null}
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', maxHeight: 160, overflow: 'auto' }}>
            {a.requestBody}
          </Code>
        </Stack>
      ))}
    </Stack>
  );
}

/** The endpoint's delivery log: event, status, attempts, time; resend one; open its attempts. */
export function DeliveryLog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const locale = useLocale();
  const query = useWebhookDeliveries(endpoint?.id ?? null);
  const resend = useResendWebhookDelivery();
  const [open, setOpen] = useState<WebhookDelivery | null>(null);

  const close = () => {
    setOpen(null);
    resend.reset();
    onClose();
  };

  return (
    <Modal
      opened={endpoint !== null}
      onClose={close}
      title={t('log.title')}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('form.cancel') }}
    >
      <Stack gap="md" data-testid="webhooks-log">
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {endpoint?.url}
        </Text>
        {query.isPending ? (
          <Skeleton height={120} aria-busy="true" aria-label={t('log.loading')} />
        ) : query.isError ? (
          <Alert color="red" role="alert">
            {t('log.loadFailed')}
          </Alert>
        ) : query.data.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="webhooks-log-empty">
            {t('log.empty')}
          </Text>
        ) : (
          <ScrollArea type="auto">
            <Table striped highlightOnHover miw={520} aria-label={t('log.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('log.event')}</Table.Th>
                  <Table.Th>{t('log.status')}</Table.Th>
                  <Table.Th>{t('log.attempts')}</Table.Th>
                  <Table.Th>{t('log.time')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('log.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.map((d) => (
                  <Table.Tr key={d.id} data-testid="webhooks-delivery">
                    <Table.Td>
                      <Code>{d.type}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS_COLOR[d.status]} tt="none">
                        {t(`log.state.${d.status}`)}
                        {d.lastStatus !== null ? ` · ${d.lastStatus}` : ''}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{d.attempts}</Table.Td>
                    <Table.Td>{formatDateTime(d.createdAt, locale)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => setOpen(open?.id === d.id ? null : d)}
                          aria-expanded={open?.id === d.id}
                        >
                          {t('log.details')}
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          loading={resend.isPending && resend.variables?.deliveryId === d.id}
                          disabled={!endpoint?.enabled}
                          onClick={() => endpoint && resend.mutate({ id: endpoint.id, deliveryId: d.id })}
                          data-testid="webhooks-resend"
                        >
                          {t('log.resend')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        <div aria-live="polite">
          {resend.isSuccess ? (
            <Alert color="teal" role="status">
              {t('log.resent')}
            </Alert>
          ) : resend.isError ? (
            <Alert color="red" role="alert">
              {t('log.resendFailed')}
            </Alert>
          ) : null}
        </div>
        {open && endpoint ? <Attempts endpointId={endpoint.id} deliveryId={open.id} /> : null}
      </Stack>
    </Modal>
  );
}
