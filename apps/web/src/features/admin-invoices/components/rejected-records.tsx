import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RecordSubmission } from '@enlaza/contracts';
import { DataTable, type DataColumn } from '@/components/data-table';
import { useLocale } from '@/components/use-locale';
import { formatDateTime } from '@/lib/format';
import { useRecordSubmissions } from '../api/record-submissions';

/**
 * Facturas: records the AEAT rejected (VERI*FACTU mode), with its error code and description: each
 * needs a correcting document. Shown only when there is one (or the list cannot be read): in NO
 * VERI*FACTU mode, or with every record accepted, there is nothing to act on.
 */
export function RejectedRecords() {
  const { t } = useTranslation('admin-invoices');
  const locale = useLocale();
  const query = useRecordSubmissions('rejected');
  if (query.isPending || (query.isSuccess && query.data.data.length === 0)) return null;
  const columns: DataColumn<RecordSubmission>[] = [
    { key: 'number', header: t('submissions.columns.number'), cell: (row) => row.number },
    { key: 'code', header: t('submissions.columns.code'), cell: (row) => row.errorCode ?? '—' },
    { key: 'description', header: t('submissions.columns.description'), cell: (row) => row.errorDescription ?? '—' },
    { key: 'when', header: t('submissions.columns.when'), cell: (row) => (row.answeredAt ? formatDateTime(row.answeredAt, locale) : '—') },
  ];
  return (
    <Stack gap="xs" data-testid="invoices-rejected-records">
      <Title order={2} size="h3">
        {t('submissions.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('submissions.help')}
      </Text>
      <DataTable
        caption={t('submissions.title')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(row) => row.recordId}
        cardTitle={(row) => <Text fw={600}>{row.number}</Text>}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={t('submissions.empty')}
        testId="invoices-rejected-records-table"
      />
    </Stack>
  );
}
