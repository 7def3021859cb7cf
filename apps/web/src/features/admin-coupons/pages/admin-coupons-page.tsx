import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CouponAdmin } from '@enlaza/contracts';
import { DataTable, type DataColumn } from '@/components/data-table';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { formatNumber } from '@/lib/format';
import { useCoupons } from '../api/get-coupons';
import { CouponModal } from '../components/coupon-modal';
import { discountText, durationText } from '../components/coupon-texts';

/** /admin/cupones: the coupons with what they take off, for how long, how often they were redeemed; create one. */
export default function AdminCouponsPage() {
  const { t } = useTranslation(['admin-coupons', 'admin', 'pages']);
  usePageTitle(t('pages:admin.cupones'));
  const locale = useLocale();
  const query = useCoupons();
  const [creating, setCreating] = useState(false);

  const title = (row: CouponAdmin) => (
    <Anchor component={Link} to={`/admin/cupones/${row.id}`} fw={600} size="sm" data-testid="coupon-link">
      {row.name}
    </Anchor>
  );
  const columns: DataColumn<CouponAdmin>[] = [
    { key: 'name', header: t('columns.name'), cell: title, hideInCard: true },
    { key: 'discount', header: t('columns.discount'), cell: (row) => discountText(row, locale) },
    { key: 'duration', header: t('columns.duration'), cell: (row) => durationText(row, t) },
    {
      key: 'redeemed',
      header: t('columns.redeemed'),
      cell: (row) =>
        row.maxRedemptions === null
          ? formatNumber(row.timesRedeemed, locale)
          : `${formatNumber(row.timesRedeemed, locale)} / ${formatNumber(row.maxRedemptions, locale)}`,
    },
    { key: 'codes', header: t('columns.codes'), cell: (row) => formatNumber(row.promotionCodes, locale) },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (row) => (
        <Badge color={row.active ? 'teal' : 'gray'} variant="light">
          {t(row.active ? 'active' : 'archived')}
        </Badge>
      ),
    },
  ];

  return (
    <Stack gap="lg" data-testid="admin-coupons-page">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1}>{t('pages:admin.cupones')}</Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </div>
        <Button onClick={() => setCreating(true)} data-testid="coupon-create">
          {t('create')}
        </Button>
      </Group>
      <DataTable
        caption={t('pages:admin.cupones')}
        columns={columns}
        rows={query.data}
        rowKey={(row) => row.id}
        cardTitle={title}
        isLoading={query.isPending}
        error={query.isError ? query.error : null}
        onRetry={() => void query.refetch()}
        emptyText={t('empty')}
        testId="coupons-table"
      />
      <CouponModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
