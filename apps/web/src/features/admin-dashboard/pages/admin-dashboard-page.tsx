import { Children, lazy, Suspense, type ReactNode } from 'react';
import { Alert, Button, Card, Center, Grid, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminMetrics } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { bcp47 } from '@/lib/language';
import { useAdminMetrics } from '../api/metrics';
import { MetricHelp } from '../components/metric-help';

const BarChart = lazy(() => import('../components/bar-chart'));

/**
 * Where each of the five figure cards goes, as spans of a 60-column grid, so no row has an empty
 * cell at any width: one card a row on a phone; two a row from `xs`, the fifth across both; three
 * and then two (wider) from `md`; all five in a row from `xl`.
 */
const FIGURE_SPANS = [
  { base: 60, xs: 30, md: 20, xl: 12 },
  { base: 60, xs: 30, md: 20, xl: 12 },
  { base: 60, xs: 30, md: 20, xl: 12 },
  { base: 60, xs: 30, md: 30, xl: 12 },
  { base: 60, xs: 60, md: 30, xl: 12 },
];

/** The five figure cards (or their placeholders), each as tall as the tallest of its row. */
function FigureGrid({ children }: { children: ReactNode }) {
  return (
    <Grid columns={60} gap="lg" align="stretch">
      {Children.toArray(children).map((child, i) => (
        <Grid.Col key={i} span={FIGURE_SPANS[i] ?? FIGURE_SPANS[0]} style={{ display: 'flex', flexDirection: 'column' }}>
          {child}
        </Grid.Col>
      ))}
    </Grid>
  );
}

/** A card with a title and its (i) explanation. */
function MetricCard({
  id,
  title,
  help,
  children,
  testId,
}: {
  id: string;
  title: string;
  help: string;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('admin-dashboard');
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="section"
      aria-labelledby={`metric-${id}`}
      data-testid={testId}
      style={{ flexGrow: 1 }}
    >
      <Stack gap="xs">
        <Group gap={4} wrap="nowrap">
          <Title order={2} size="h5" id={`metric-${id}`}>
            {title}
          </Title>
          <MetricHelp label={t('helpOf', { title })} text={help} testId={`help-${id}`} />
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** In place of a chart with nothing to draw: its height, so the cards beside it keep their size. */
function ChartEmpty({ text, testId }: { text: string; testId: string }) {
  return (
    <Center h={220}>
      <Text size="sm" c="dimmed" ta="center" data-testid={testId}>
        {text}
      </Text>
    </Center>
  );
}

export default function AdminDashboardPage() {
  const { t } = useTranslation(['admin-dashboard', 'admin', 'pages']);
  usePageTitle(t('pages:admin.dashboard'));
  const query = useAdminMetrics();

  return (
    <Stack gap="lg" data-testid="admin-dashboard">
      <div>
        <Title order={1}>{t('pages:admin.dashboard')}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>
      {query.isError && !query.data ? (
        <Alert color="red" role="alert" title={t('error')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{apiErrorMessage(query.error, t)}</Text>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : query.data ? (
        <Figures metrics={query.data} />
      ) : (
        <Stack gap="lg" aria-busy="true" aria-label={t('loading')} data-testid="admin-dashboard-loading">
          <FigureGrid>
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} height={110} radius="md" />
            ))}
          </FigureGrid>
          <Skeleton height={260} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}

/** Gross MRR churn beside customer churn: a percentage with one decimal and the amounts behind it. */
function RevenueChurnCard({ churn }: { churn: AdminMetrics['revenueChurn'] }) {
  const { t } = useTranslation('admin-dashboard');
  const locale = useLocale();
  const percent = new Intl.NumberFormat(bcp47(locale), { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <MetricCard id="revenue-churn" title={t('revenueChurn.title')} help={t('revenueChurn.help')} testId="metric-revenue-churn">
      <Text fz={28} fw={700} data-testid="metric-revenue-churn-value">
        {churn.rate === null ? '—' : percent.format(churn.rate)}
      </Text>
      <Text size="sm" c="dimmed">
        {t('revenueChurn.detail', {
          lost: formatMoney(churn.churnedMrrCents + churn.contractionMrrCents, locale),
          start: formatMoney(churn.startMrrCents, locale),
        })}
      </Text>
    </MetricCard>
  );
}

/** The dashboard's figures: the headline numbers, the last days' sign-ups and months' revenue, the latest payments. */
function Figures({ metrics }: { metrics: AdminMetrics }) {
  return (
    <Stack gap="lg">
      <HeadlineFigures metrics={metrics} />
      <TrendCharts metrics={metrics} />
      <LatestPayments payments={metrics.latestPayments} />
    </Stack>
  );
}

/** Users, MRR, customer and revenue churn, and the paid plans running. */
function HeadlineFigures({ metrics: m }: { metrics: AdminMetrics }) {
  const { t } = useTranslation(['admin-dashboard', 'plan']);
  const locale = useLocale();
  const percent = new Intl.NumberFormat(bcp47(locale), { style: 'percent', maximumFractionDigits: 1 });
  const paidRunning = m.activeByPlan.reduce((sum, p) => sum + p.count, 0);
  return (
    <FigureGrid>
      <MetricCard id="users" title={t('users.title')} help={t('users.help')} testId="metric-users">
        <Text fz={28} fw={700} data-testid="metric-users-total">
          {formatNumber(m.users.total, locale)}
        </Text>
        <Text size="sm" c="dimmed">
          {t('users.detail', { active: formatNumber(m.users.active, locale), recent: formatNumber(m.users.newLast30Days, locale) })}
        </Text>
      </MetricCard>
      <MetricCard id="mrr" title={t('mrr.title')} help={t('mrr.help')} testId="metric-mrr">
        <Text fz={28} fw={700} data-testid="metric-mrr-value">
          {formatMoney(m.mrrCents, locale)}
        </Text>
        <Text size="sm" c="dimmed">
          {t('mrr.detail')}
        </Text>
      </MetricCard>
      <MetricCard id="churn" title={t('churn.title')} help={t('churn.help')} testId="metric-churn">
        <Text fz={28} fw={700} data-testid="metric-churn-value">
          {m.churn.rate === null ? '—' : percent.format(m.churn.rate)}
        </Text>
        <Text size="sm" c="dimmed">
          {t('churn.detail', {
            churned: formatNumber(m.churn.churnedCustomers, locale),
            count: m.churn.startCustomers,
            formatted: formatNumber(m.churn.startCustomers, locale),
          })}
        </Text>
      </MetricCard>
      <RevenueChurnCard churn={m.revenueChurn} />
      <MetricCard id="running" title={t('running.title')} help={t('running.help')} testId="metric-running">
        <Text fz={28} fw={700}>
          {formatNumber(paidRunning, locale)}
        </Text>
        {m.activeByPlan.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('running.empty')}
          </Text>
        ) : (
          <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="metric-by-plan">
            {m.activeByPlan.map((plan) => (
              <Group key={plan.code} justify="space-between" component="li" gap="xs">
                <Text size="sm">{plan.name}</Text>
                <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatNumber(plan.count, locale)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </MetricCard>
    </FigureGrid>
  );
}

/** Sign-ups per day and net revenue per month, as bar charts (loaded with their library). */
function TrendCharts({ metrics: m }: { metrics: AdminMetrics }) {
  const { t } = useTranslation('admin-dashboard');
  const locale = useLocale();
  const dayLabel = new Intl.DateTimeFormat(bcp47(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  // The full year: "Apr 30" (a two-digit year) reads as the 30th of April.
  const monthLabel = new Intl.DateTimeFormat(bcp47(locale), { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const chartFallback = <Skeleton height={220} radius="md" />;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <MetricCard id="signups" title={t('signUps.title')} help={t('signUps.help')} testId="metric-signups">
        {m.signUps.every((d) => d.count === 0) ? (
          <ChartEmpty text={t('signUps.empty')} testId="signups-empty" />
        ) : (
          <Suspense fallback={chartFallback}>
            <BarChart
              data={m.signUps.map((d) => ({ label: dayLabel.format(new Date(`${d.day}T00:00:00Z`)), value: d.count }))}
              labels={{ series: t('signUps.series'), x: t('signUps.day'), caption: t('signUps.caption') }}
              format={(v) => formatNumber(v, locale)}
              height={220}
              color="teal.6"
              integers
              testId="signups-chart"
            />
          </Suspense>
        )}
      </MetricCard>
      <MetricCard id="revenue" title={t('revenue.title')} help={t('revenue.help')} testId="metric-revenue">
        {m.revenueByMonth.every((r) => r.netCents === 0) ? (
          <ChartEmpty text={t('revenue.empty')} testId="revenue-empty" />
        ) : (
          <Suspense fallback={chartFallback}>
            <BarChart
              data={m.revenueByMonth.map((r) => ({
                label: monthLabel.format(new Date(`${r.month}-01T00:00:00Z`)),
                value: r.netCents / 100,
              }))}
              labels={{ series: t('revenue.series'), x: t('revenue.month'), caption: t('revenue.caption') }}
              format={(v) => formatMoney(Math.round(v * 100), locale)}
              height={220}
              color="indigo.6"
              testId="revenue-chart"
            />
          </Suspense>
        )}
      </MetricCard>
    </SimpleGrid>
  );
}

/** The latest payments: when, who, how much, how it went and the invoice. */
function LatestPayments({ payments }: { payments: AdminMetrics['latestPayments'] }) {
  const { t } = useTranslation('admin-dashboard');
  const locale = useLocale();
  return (
    <MetricCard id="payments" title={t('payments.title')} help={t('payments.help')} testId="metric-payments">
      {payments.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="latest-payments-empty">
          {t('payments.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-labelledby="metric-payments" data-testid="latest-payments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payments.date')}</Table.Th>
                <Table.Th>{t('payments.customer')}</Table.Th>
                <Table.Th>{t('payments.amount')}</Table.Th>
                <Table.Th>{t('payments.status')}</Table.Th>
                <Table.Th>{t('payments.invoice')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{formatDate(p.createdAt, locale)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {p.customerName}
                    <Text size="xs" c="dimmed">
                      {p.customerEmail}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(p.amountCents, locale)}</Table.Td>
                  <Table.Td>{t(`payments.statuses.${p.status}`, { defaultValue: p.status })}</Table.Td>
                  <Table.Td>{p.invoiceNumber ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </MetricCard>
  );
}
