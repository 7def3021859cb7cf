import { useMemo, useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EuVatRate } from '@enlaza/contracts';
import { DataTable, type DataColumn } from '@/components/data-table';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { formatDate } from '@/lib/format';
import { bcp47 } from '@/lib/language';
import { useEuVatRates } from '../api/eu-vat-rates';
import { EuVatRateModal } from '../components/eu-vat-rate-modal';
import { formatRate } from '../lib/amounts';

type Row = EuVatRate & { name: string };

/** The member states' standard VAT rates (OSS): each country's name in the viewer's language, its rate and its last change. */
export default function AdminEuVatRatesPage() {
  const { t } = useTranslation(['admin-catalogue', 'admin', 'pages']);
  usePageTitle(t('pages:admin.impuestosUe'));
  const locale = useLocale();
  const query = useEuVatRates();
  const [editing, setEditing] = useState<Row | null>(null);

  const rows = useMemo(() => {
    if (!query.data) return undefined;
    const names = new Intl.DisplayNames([bcp47(locale), 'en'], { type: 'region' });
    return query.data
      .map((rate) => ({ ...rate, name: names.of(rate.country) ?? rate.country }))
      .sort((a, b) => a.name.localeCompare(b.name, bcp47(locale)));
  }, [query.data, locale]);

  const title = (row: Row) => (
    <Text fw={600} size="sm">
      {row.name}
    </Text>
  );
  const columns: DataColumn<Row>[] = [
    { key: 'name', header: t('euVatRates.columns.country'), cell: title, hideInCard: true },
    { key: 'code', header: t('euVatRates.columns.code'), cell: (row) => <code>{row.country}</code> },
    { key: 'rate', header: t('euVatRates.columns.rate'), cell: (row) => formatRate(row.rateBasisPoints, locale) },
    {
      key: 'changed',
      header: t('euVatRates.columns.changed'),
      cell: (row) =>
        row.updatedBy
          ? t('euVatRates.changedBy', { date: formatDate(row.updatedAt, locale), name: row.updatedBy.name })
          : t('euVatRates.seeded', { date: formatDate(row.updatedAt, locale) }),
    },
  ];

  const actions = (row: Row) => (
    <Button
      size="xs"
      variant="default"
      onClick={() => setEditing(row)}
      aria-label={t('editAria', { name: row.name })}
      data-testid="eu-vat-rate-edit"
    >
      {t('edit')}
    </Button>
  );

  return (
    <Stack gap="lg" data-testid="admin-eu-vat-rates-page">
      <div>
        <Title order={1}>{t('pages:admin.impuestosUe')}</Title>
        <Text c="dimmed">{t('euVatRates.subtitle')}</Text>
      </div>
      <DataTable
        caption={t('pages:admin.impuestosUe')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.country}
        cardTitle={title}
        actions={actions}
        isLoading={query.isPending}
        error={query.isError ? query.error : null}
        onRetry={() => void query.refetch()}
        emptyText={t('euVatRates.empty')}
        testId="eu-vat-rates-table"
      />
      <EuVatRateModal key={editing?.country ?? 'closed'} editing={editing} name={editing?.name ?? ''} onClose={() => setEditing(null)} />
    </Stack>
  );
}
