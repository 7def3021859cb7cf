import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminInvoiceSummary, InvoiceStatus } from '@enlaza/contracts';
import type { DataColumn } from '@/components/data-table';
import { useLocale } from '@/components/use-locale';
import { formatDate } from '@/lib/format';
import { formatCents } from './money';

const STATUS_COLOR: Record<InvoiceStatus, string> = { issued: 'teal', partially_credited: 'orange', credited: 'gray' };

/**
 * The invoice list's columns: number, issue date, customer, kind and tax rule, total, status, what was
 * credited, and a dispute of the payment (a chargeback) with its status.
 */
export function useInvoiceColumns(): DataColumn<AdminInvoiceSummary>[] {
  const { t } = useTranslation(['admin-invoices', 'admin']);
  const locale = useLocale();
  const money = (cents: number, currency: string) => formatCents(cents, currency, locale);

  return [
    {
      key: 'number',
      header: t('columns.number'),
      cell: (row) => (
        <Text fw={600} size="sm">
          {row.number}
        </Text>
      ),
      hideInCard: true,
    },
    // The issue date as printed on the invoice (the seller's calendar day): shown as that day, in any browser's zone.
    { key: 'date', header: t('columns.date'), cell: (row) => formatDate(`${row.issueDate}T12:00:00Z`, locale, 'UTC') },
    {
      key: 'customer',
      header: t('columns.customer'),
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.customerName}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {[row.customerEmail, row.customerTaxId].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'kind',
      header: t('columns.kind'),
      // What it is, and its TipoFactura as the tax record holds it (F2: simplified, R1–R5: why it corrects).
      cell: (row) => {
        const kind =
          row.kind === 'credit_note'
            ? t('kind.credit_note', { number: row.correctedNumber ?? '' })
            : t(row.invoiceType === 'F2' ? 'kind.simplified' : 'kind.invoice');
        const type = t('kind.withType', { kind, type: row.invoiceType });
        // The VAT rule it applied, when not the seller's VAT to a customer at home.
        if (row.taxRule === 'domestic') return type;
        return (
          <Stack gap={0}>
            <Text size="sm">{type}</Text>
            <Text size="xs" c="dimmed" data-testid="invoice-tax-rule">
              {t(`taxRule.${row.taxRule}`)}
            </Text>
          </Stack>
        );
      },
    },
    {
      key: 'total',
      header: t('columns.total'),
      cell: (row) => (
        // A credit note's negative total on one line: "-" and the amount wrapped apart in a narrow column.
        <Text size="sm" ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {money(row.totalCents, row.currency)}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (row) => (
        <Stack gap={2} align="flex-start">
          <Badge color={STATUS_COLOR[row.status]} variant="light">
            {t(`status.${row.status}`)}
          </Badge>
          {row.creditedCents > 0 ? (
            <Text size="xs" c="dimmed">
              {t('credited', { amount: money(row.creditedCents, row.currency) })}
            </Text>
          ) : null}
          {row.dispute ? (
            <Badge color={row.dispute.closedAt ? 'gray' : 'red'} variant="outline" data-testid="invoice-dispute">
              {t('dispute', { status: t(`disputeStatus.${row.dispute.status}`) })}
            </Badge>
          ) : null}
        </Stack>
      ),
    },
  ];
}
