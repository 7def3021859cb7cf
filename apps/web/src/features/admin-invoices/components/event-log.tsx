import { Badge, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceEvent } from '@enlaza/contracts';
import type { DataColumn } from '@/components/data-table';
import { KeysetTable } from '@/components/keyset-list';
import { useLocale } from '@/components/use-locale';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useInvoiceEvents } from '../api/invoice-events';

/** What an event says, in a line: how many records a run checked, the record of an anomaly, an export's size. */
function useEventSummary() {
  const { t } = useTranslation('admin-invoices');
  const locale = useLocale();
  return (event: InvoiceEvent): string => {
    const d = event.details as { kind?: string; hashesChecked?: number; count?: number; record?: { number?: string } | null };
    const count = (n: number | undefined) => ({ count: n ?? 0, formatted: formatNumber(n ?? 0, locale) });
    if (d.kind === 'anomaly_run') return t('events.detail.anomaly_run', count(d.hashesChecked));
    if (d.kind === 'anomaly') return t('events.detail.anomaly', { number: d.record?.number ?? '—' });
    if (d.kind === 'export') return t('events.detail.export', count(d.count));
    if (d.kind === 'summary') return t('events.detail.summary', count(d.count));
    return '';
  };
}

/** Facturas: the event log a NO VERI*FACTU system keeps (starts, chain checks and anomalies, exports, summaries). */
export function EventLog() {
  const { t } = useTranslation(['admin-invoices', 'admin']);
  const locale = useLocale();
  const query = useInvoiceEvents();
  const summary = useEventSummary();
  const columns: DataColumn<InvoiceEvent>[] = [
    { key: 'when', header: t('events.columns.when'), cell: (row) => formatDateTime(row.occurredAt, locale) },
    { key: 'type', header: t('events.columns.type'), cell: (row) => `${row.eventType} · ${t(`events.type.${row.eventType}`)}` },
    { key: 'detail', header: t('events.columns.detail'), cell: (row) => summary(row) },
    {
      key: 'signed',
      header: t('events.columns.signed'),
      cell: (row) => (
        <Badge variant="light" color={row.signed ? 'teal' : 'gray'}>
          {row.signed ? t('events.signed') : t('events.unsigned')}
        </Badge>
      ),
    },
    {
      key: 'hash',
      header: t('events.columns.hash'),
      cell: (row) => (
        <Text size="xs" ff="monospace" title={row.hash} data-testid="invoice-event-hash">
          {row.hash.slice(0, 12)}…
        </Text>
      ),
    },
  ];
  return (
    <Stack gap="xs" data-testid="invoices-events">
      <Title order={2} size="h3">
        {t('events.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('events.help')}
      </Text>
      <KeysetTable
        name="invoice-events"
        query={query}
        loadMoreLabel={t('loadMore')}
        caption={t('events.title')}
        columns={columns}
        rowKey={(row) => row.id}
        cardTitle={(row) => <Text fw={600}>{t(`events.type.${row.eventType}`)}</Text>}
        emptyText={t('events.empty')}
      />
    </Stack>
  );
}
