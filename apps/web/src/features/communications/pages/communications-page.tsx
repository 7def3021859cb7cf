import { useState } from 'react';
import { Alert, Badge, Button, Group, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { DELIVERY_KINDS, DELIVERY_STATUSES, type Delivery, type DeliveryFilter } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/lib/api-error-message';
import { DataTable } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { SelectField } from '@/components/select-field';
import { usePageTitle } from '@/components/use-page-title';
import { useLocale } from '@/components/use-locale';
import { formatDateTime } from '@/lib/format';
import { useExportDeliveries } from '../api/export-deliveries';
import { useDeliveries } from '../api/get-deliveries';
import { DeliveryDetail } from '../components/delivery-detail';

type Form = { kind: string; status: string; from: string; to: string; recipient: string };
const EMPTY: Form = { kind: '', status: '', from: '', to: '', recipient: '' };

/** The form's local dates as instants: from the start of `from` to the end of `to`, in the browser's zone. */
function toFilter(f: Form): DeliveryFilter {
  const day = (d: string, plus = 0) => {
    const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, dd + plus).toISOString();
  };
  return {
    kind: (f.kind || undefined) as DeliveryFilter['kind'],
    status: (f.status || undefined) as DeliveryFilter['status'],
    from: f.from ? day(f.from) : undefined,
    to: f.to ? day(f.to, 1) : undefined,
    recipient: f.recipient.trim() || undefined,
  };
}

const tone = (status: Delivery['status']) => (status === 'failed' || status === 'bounced' ? 'red' : status === 'queued' ? 'gray' : 'teal');

/** /user/comunicaciones: every outbound message, filtered, in pages; CSV export; the message on click. */
export default function CommunicationsPage() {
  const { t } = useTranslation('communications');
  usePageTitle(t('title'));
  const locale = useLocale();
  const [form, setForm] = useState<Form>(EMPTY);
  const filter = toFilter(form);
  const deliveries = useDeliveries(filter);
  const exporter = useExportDeliveries();
  const [open, setOpen] = useState<string | null>(null);
  const rows = deliveries.data?.pages.flatMap((p) => p.data);
  const filtered = JSON.stringify(form) !== JSON.stringify(EMPTY);

  const subject = (d: Delivery) =>
    d.hasBody ? (
      <UnstyledButton
        onClick={() => setOpen(d.id)}
        td="underline"
        c="var(--mantine-color-anchor)"
        style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
        data-testid="delivery-open"
      >
        {d.subject}
      </UnstyledButton>
    ) : (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {d.subject}
      </Text>
    );

  return (
    <Stack gap="lg" maw={1200} w="100%" data-testid="communications-page">
      <PageHeader
        title={t('title')}
        intro={t('intro')}
        actions={
          <Button variant="light" loading={exporter.isPending} onClick={() => exporter.mutate(filter)} data-testid="communications-export">
            {t('export')}
          </Button>
        }
      />
      {exporter.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(exporter.error, t)}
        </Alert>
      ) : null}
      <DeliveryFilters form={form} onChange={setForm} />
      <DataTable
        caption={t('caption')}
        testId="communications-table"
        columns={[
          { key: 'subject', header: t('columns.subject'), hideInCard: true, cell: subject },
          {
            key: 'to',
            header: t('columns.recipient'),
            cell: (d) => (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {d.toEmail}
              </Text>
            ),
          },
          { key: 'kind', header: t('columns.kind'), cell: (d) => t(`kinds.${d.kind}`) },
          {
            key: 'status',
            header: t('columns.status'),
            cell: (d) => (
              <Badge variant="light" color={tone(d.status)} data-testid="delivery-status">
                {t(`statuses.${d.status}`)}
              </Badge>
            ),
          },
          { key: 'time', header: t('columns.time'), cell: (d) => formatDateTime(d.sentAt ?? d.createdAt, locale) },
          {
            key: 'error',
            header: t('columns.error'),
            cell: (d) =>
              d.error ? (
                <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
                  {d.error}
                </Text>
              ) : (
                '—'
              ),
          },
        ]}
        rows={rows}
        rowKey={(d) => d.id}
        cardTitle={subject}
        isLoading={deliveries.isPending}
        error={deliveries.error}
        onRetry={() => void deliveries.refetch()}
        emptyText={filtered ? t('emptyFiltered') : t('empty')}
      />
      {deliveries.hasNextPage ? (
        <Group justify="center">
          <Button variant="light" loading={deliveries.isFetchingNextPage} onClick={() => void deliveries.fetchNextPage()}>
            {t('loadMore')}
          </Button>
        </Group>
      ) : null}
      {deliveries.isFetchNextPageError ? (
        <Alert color="red" role="alert">
          {t('loadError')}
        </Alert>
      ) : null}
      <DeliveryDetail id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

/** The filters: kind, status, a date range and the recipient. */
function DeliveryFilters({ form, onChange }: { form: Form; onChange: (update: (form: Form) => Form) => void }) {
  const { t } = useTranslation('communications');
  const set = (key: keyof Form) => (value: string) => onChange((f) => ({ ...f, [key]: value }));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
      <SelectField
        label={t('filters.kind')}
        value={form.kind}
        onChange={set('kind')}
        data={[{ value: '', label: t('filters.all') }, ...DELIVERY_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))]}
        data-testid="filter-kind"
      />
      <SelectField
        label={t('filters.status')}
        value={form.status}
        onChange={set('status')}
        data={[{ value: '', label: t('filters.all') }, ...DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]}
        data-testid="filter-status"
      />
      <TextInput label={t('filters.from')} type="date" value={form.from} onChange={(e) => set('from')(e.currentTarget.value)} />
      <TextInput label={t('filters.to')} type="date" value={form.to} onChange={(e) => set('to')(e.currentTarget.value)} />
      <TextInput
        label={t('filters.recipient')}
        type="search"
        value={form.recipient}
        onChange={(e) => set('recipient')(e.currentTarget.value)}
        data-testid="filter-recipient"
      />
    </SimpleGrid>
  );
}
