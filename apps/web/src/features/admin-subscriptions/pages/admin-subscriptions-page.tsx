import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminSubscriptionSummary } from '@enlaza/contracts';
import type { DataColumn } from '@/components/data-table';
import { FilterBar, KeysetTable } from '@/components/keyset-list';
import { SubscriptionStatusBadge } from '@/components/plan-usage-card';
import { pricePerPeriod } from '@/components/price-per-period';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { useUrlFilters } from '@/components/use-url-filters';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { SUBSCRIPTION_STATUSES, useAdminSubscriptions, useFilterOptions, type SubscriptionFilters } from '../api/subscriptions';
import { SubscriptionDrawer } from '../components/subscription-drawer';
import { TestClockCard } from '../components/test-clock-card';

/** Filters and the open subscription live in the URL (shareable, back button). */
function useSubscriptionFilters() {
  const { pick, set, clear } = useUrlFilters();
  const filters: SubscriptionFilters = {
    status: pick('status', SUBSCRIPTION_STATUSES),
    plan: pick('plan'),
    period: pick('period'),
    q: pick('q'),
  };
  return { filters, open: pick('open') ?? null, set, clear };
}

export default function AdminSubscriptionsPage() {
  const { t } = useTranslation(['admin-subscriptions', 'admin', 'pages', 'plan']);
  usePageTitle(t('pages:admin.suscripcions'));
  const locale = useLocale();
  const { filters, open, set, clear } = useSubscriptionFilters();
  const query = useAdminSubscriptions(filters);
  const options = useFilterOptions();
  const hasFilters = Object.values(filters).some(Boolean);

  const columns: DataColumn<AdminSubscriptionSummary>[] = [
    {
      key: 'customer',
      header: t('columns.customer'),
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {row.user.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {row.user.email}
          </Text>
        </Stack>
      ),
      hideInCard: true,
    },
    { key: 'plan', header: t('columns.plan'), cell: (row) => [row.plan.name, row.period?.name].filter(Boolean).join(' · ') },
    { key: 'status', header: t('columns.status'), cell: (row) => <SubscriptionStatusBadge status={row.status} /> },
    {
      key: 'price',
      header: t('columns.price'),
      cell: (row) =>
        row.priceCents === null
          ? '—'
          : row.period
            ? pricePerPeriod(t, row.priceCents, row.period.months, locale, { perSeat: row.seats !== null })
            : formatMoney(row.priceCents, locale),
    },
    // Seats billed this period: a per-seat subscription only.
    { key: 'seats', header: t('columns.seats'), cell: (row) => (row.seats === null ? '—' : formatNumber(row.seats, locale)) },
    {
      key: 'period',
      header: t('columns.periodEnd'),
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.currentPeriodEnd ? formatDate(row.currentPeriodEnd, locale) : '—'}</Text>
          {row.cancelAtPeriodEnd ? (
            <Text size="xs" c="orange.8">
              {t('endsThen')}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'created', header: t('columns.created'), cell: (row) => formatDate(row.createdAt, locale) },
  ];

  return (
    <Stack gap="lg" data-testid="admin-subscriptions-page">
      <div>
        <Title order={1}>{t('pages:admin.suscripcions')}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>
      <TestClockCard />
      <FilterBar
        name="subscriptions"
        ns="admin-subscriptions"
        q={filters.q}
        set={set}
        clear={clear}
        hasFilters={hasFilters}
        selects={[
          {
            key: 'status',
            label: t('filters.status'),
            data: SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: t(`plan:statuses.${s}`) })),
            value: filters.status,
          },
          {
            key: 'plan',
            label: t('filters.plan'),
            data: options.plans.map((p) => ({ value: p.code, label: p.name })),
            value: filters.plan,
          },
          {
            key: 'period',
            label: t('filters.period'),
            data: options.periods.map((p) => ({ value: p.code, label: p.name })),
            value: filters.period,
          },
        ]}
      />
      <KeysetTable
        name="subscriptions"
        query={query}
        loadMoreLabel={t('loadMore')}
        caption={t('caption')}
        columns={columns}
        rowKey={(row) => row.id}
        cardTitle={(row) => <Text fw={600}>{row.user.name}</Text>}
        actionsHeader={t('admin:list.actions')}
        actions={(row) => (
          <Button
            size="xs"
            variant="light"
            onClick={() => set('open', row.id)}
            aria-label={t('openOf', { name: row.user.name })}
            data-testid="subscription-open"
          >
            {t('open')}
          </Button>
        )}
        emptyText={hasFilters ? t('emptyFiltered') : t('empty')}
      />
      <SubscriptionDrawer id={open} onClose={() => set('open', null)} />
    </Stack>
  );
}
