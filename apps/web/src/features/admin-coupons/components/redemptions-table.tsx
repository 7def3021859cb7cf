import { useTranslation } from 'react-i18next';
import type { CouponRedemption } from '@enlaza/contracts';
import { DataTable, type DataColumn } from '@/components/data-table';
import { useLocale } from '@/components/use-locale';
import { formatDate, formatMoney } from '@/lib/format';

/** Who redeemed a coupon, with which code, how much it took off and on which invoice. */
export function RedemptionsTable({ redemptions }: { redemptions: CouponRedemption[] }) {
  const { t } = useTranslation(['admin-coupons', 'admin']);
  const locale = useLocale();
  const redemptionColumns: DataColumn<CouponRedemption>[] = [
    { key: 'customer', header: t('redemptions.customer'), cell: (row) => `${row.customerName} (${row.customerEmail})`, hideInCard: true },
    { key: 'code', header: t('codes.code'), cell: (row) => <code>{row.code}</code> },
    { key: 'amount', header: t('redemptions.amountOff'), cell: (row) => formatMoney(row.amountOffCents, locale) },
    { key: 'invoice', header: t('redemptions.invoice'), cell: (row) => row.invoiceNumber ?? '—' },
    { key: 'date', header: t('redemptions.date'), cell: (row) => formatDate(row.redeemedAt, locale) },
  ];

  return (
    <DataTable
      caption={t('redemptions.title')}
      columns={redemptionColumns}
      rows={redemptions}
      rowKey={(row) => row.id}
      cardTitle={(row) => row.customerName}
      isLoading={false}
      error={null}
      onRetry={() => undefined}
      emptyText={t('redemptions.empty')}
      testId="redemptions-table"
    />
  );
}
