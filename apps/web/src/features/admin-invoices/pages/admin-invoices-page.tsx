import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INVOICE_SERIES, INVOICE_STATUSES, type CreditNoteResult, type InvoiceSummary } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { DateFilter, FilterBar, KeysetTable } from '@/components/keyset-list';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { useUrlFilters } from '@/components/use-url-filters';
import { formatDate } from '@/lib/format';
import { downloadInvoicePdf, downloadInvoicesCsv, useAdminInvoices, type InvoiceFilters } from '../api/invoices';
import { ChainCheck } from '../components/chain-check';
import { EventLog } from '../components/event-log';
import { RejectedRecords } from '../components/rejected-records';
import { CreditNoteDialog } from '../components/credit-note-dialog';
import { useInvoiceColumns } from '../components/invoice-columns';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function useInvoiceFilters() {
  const { pick, set, clear } = useUrlFilters();
  const filters: InvoiceFilters = {
    from: pick('from'),
    to: pick('to'),
    series: pick('series', INVOICE_SERIES),
    status: pick('status', INVOICE_STATUSES),
    q: pick('q'),
  };
  return { filters, set, clear };
}

export default function AdminInvoicesPage() {
  const { t } = useTranslation(['admin-invoices', 'admin', 'pages']);
  usePageTitle(t('pages:admin.facturas'));
  const locale = useLocale();
  const { filters, set, clear } = useInvoiceFilters();
  const dateError = (value?: string) => (value && !DATE.test(value) ? t('filters.dateInvalid') : undefined);
  const valid = !dateError(filters.from) && !dateError(filters.to);
  const query = useAdminInvoices(valid ? filters : {});
  const [crediting, setCrediting] = useState<InvoiceSummary | null>(null);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const hasFilters = Object.values(filters).some(Boolean);

  const issuedText = (note: CreditNoteResult) => {
    const issued = t('credit.issued', { number: note.number });
    const ended = note.serviceEnded;
    if (!ended) return issued;
    return `${issued} ${ended.when === 'now' ? t('credit.endedNow') : t('credit.endsOn', { date: formatDate(ended.endsAt, locale) })}`;
  };

  const download = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (error) {
      setNotice({ kind: 'error', text: apiErrorMessage(error, t) });
    }
  };

  const columns = useInvoiceColumns();

  return (
    <Stack gap="lg" data-testid="admin-invoices-page">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>{t('pages:admin.facturas')}</Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </div>
        <Button
          variant="default"
          loading={exporting}
          onClick={() => {
            setExporting(true);
            void download(() => downloadInvoicesCsv(valid ? filters : {})).finally(() => setExporting(false));
          }}
          data-testid="invoices-export-csv"
        >
          {t('exportCsv')}
        </Button>
      </Group>
      <ChainCheck />
      <RejectedRecords />
      <FilterBar
        name="invoices"
        ns="admin-invoices"
        q={filters.q}
        set={set}
        clear={clear}
        hasFilters={hasFilters}
        selects={[
          {
            key: 'series',
            label: t('filters.series'),
            data: INVOICE_SERIES.map((s) => ({ value: s, label: t(`series.${s}`) })),
            value: filters.series,
          },
          {
            key: 'status',
            label: t('filters.status'),
            data: INVOICE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
            value: filters.status,
          },
        ]}
      >
        <DateFilter label={t('filters.from')} value={filters.from} onChange={(v) => set('from', v)} error={dateError(filters.from)} />
        <DateFilter label={t('filters.to')} value={filters.to} onChange={(v) => set('to', v)} error={dateError(filters.to)} />
      </FilterBar>
      {notice ? (
        <Alert
          color={notice.kind === 'ok' ? 'teal' : 'red'}
          role={notice.kind === 'ok' ? 'status' : 'alert'}
          withCloseButton
          closeButtonLabel={t('admin:close')}
          onClose={() => setNotice(null)}
          data-testid="invoices-notice"
        >
          {notice.text}
        </Alert>
      ) : null}
      <KeysetTable
        name="invoices"
        query={query}
        loadMoreLabel={t('loadMore')}
        caption={t('caption')}
        columns={columns}
        rowKey={(row) => row.id}
        cardTitle={(row) => <Text fw={600}>{row.number}</Text>}
        actionsHeader={t('admin:list.actions')}
        actions={(row) => (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              onClick={() => void download(() => downloadInvoicePdf(row.id, row.number))}
              aria-label={t('pdfOf', { number: row.number })}
              data-testid="invoice-pdf"
            >
              PDF
            </Button>
            {row.kind === 'invoice' && row.paymentId && row.creditedCents < row.totalCents ? (
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => setCrediting(row)}
                aria-label={t('credit.open', { number: row.number })}
                data-testid="invoice-credit"
              >
                {t('credit.button')}
              </Button>
            ) : null}
          </Group>
        )}
        emptyText={hasFilters ? t('emptyFiltered') : t('empty')}
      />
      <EventLog />
      <CreditNoteDialog
        invoice={crediting}
        onClose={() => setCrediting(null)}
        onIssued={(note) => setNotice({ kind: 'ok', text: issuedText(note) })}
      />
    </Stack>
  );
}
