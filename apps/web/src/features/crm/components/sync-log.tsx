import { Alert, Anchor, Badge, Modal, ScrollArea, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CrmConnection } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatDateTime } from '@/lib/format';
import { useCrmSyncs } from '../api/get-crm-syncs';

const STATUS_COLOR = { pending: 'yellow', succeeded: 'teal', failed: 'red' } as const;

/** A connection's latest leads: when, who, how it went (attempts, the CRM's own error), and the record in the CRM. */
function SyncTable({ connection }: { connection: CrmConnection }) {
  const { t } = useTranslation('crm');
  const locale = useLocale();
  const query = useCrmSyncs(connection.id);
  if (query.isPending) return <Skeleton height={120} aria-busy="true" aria-label={t('log.loading')} />;
  if (query.isError) return <Alert color="red">{t('log.loadFailed')}</Alert>;
  if (query.data.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="crm-log-empty">
        {t('log.empty')}
      </Text>
    );
  return (
    <ScrollArea type="auto">
      <Table striped miw={640} data-testid="crm-log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('log.when')}</Table.Th>
            <Table.Th>{t('log.lead')}</Table.Th>
            <Table.Th>{t('log.status')}</Table.Th>
            <Table.Th>{t('log.attempts')}</Table.Th>
            <Table.Th>{t('log.record')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((sync) => (
            <Table.Tr key={sync.id}>
              <Table.Td>{formatDateTime(sync.createdAt, locale)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{sync.senderEmail}</Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Badge color={STATUS_COLOR[sync.status]} variant="light" tt="none">
                    {t(`log.statuses.${sync.status}`)}
                  </Badge>
                  {sync.lastError ? (
                    <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                      {sync.lastStatus ? `${sync.lastStatus} · ` : ''}
                      {sync.lastError}
                    </Text>
                  ) : null}
                  {sync.status === 'pending' && sync.nextAttemptAt ? (
                    <Text size="xs" c="dimmed">
                      {t('log.nextAttempt', { when: formatDateTime(sync.nextAttemptAt, locale) })}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>{sync.attempts}</Table.Td>
              <Table.Td>
                {sync.recordUrl ? (
                  <Anchor href={sync.recordUrl} target="_blank" rel="noopener noreferrer" size="sm">
                    {t('log.open')}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** The sync log of one connection, in a dialog. */
export function SyncLog({ connection, onClose }: { connection: CrmConnection | null; onClose: () => void }) {
  const { t } = useTranslation('crm');
  return (
    <Modal
      opened={connection !== null}
      onClose={onClose}
      title={t('log.title')}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('log.close') }}
    >
      {connection ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t(`providers.${connection.provider}`)} · {connection.accountName}
          </Text>
          <SyncTable connection={connection} />
        </Stack>
      ) : null}
    </Modal>
  );
}
