import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SubscriptionData } from '@enlaza/contracts';
import { UsageMeter } from '@/components/usage-meter';
import { useLocale } from '@/components/use-locale';
import { useSubscriptionData } from '@/lib/api/subscription-data';
import { byteUnitOf, formatBytes, formatDate, formatNumber } from '@/lib/format';
import { useSession } from '@/lib/session';

const STATUS_COLORS: Record<SubscriptionData['status'], string> = {
  trialing: 'blue',
  active: 'teal',
  past_due: 'orange',
  expired: 'red',
  cancelled: 'gray',
  none: 'gray',
};

/** The plan, its status and period, and the usage meters, from the stored subscription data. */
export function PlanSummaryCard() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const stored = useSession().subscription;
  const query = useSubscriptionData();
  const data = stored ?? query.data;
  const count = (used: number, limit: number) => `${formatNumber(used, locale)} / ${formatNumber(limit, locale)}`;

  return (
    <Card withBorder padding="lg" radius="md" data-testid="account-plan">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Text size="sm" c="dimmed">
              {t('home.plan')}
            </Text>
            {data ? (
              <Title order={2} size="h3" data-testid="account-plan-name">
                {data.plan?.name ?? t('home.noPlan')}
              </Title>
            ) : (
              <Skeleton height={24} width={120} mt={4} />
            )}
          </div>
          {data ? (
            <Badge color={STATUS_COLORS[data.status]} variant="light">
              {t(`home.statuses.${data.status}`)}
            </Badge>
          ) : null}
        </Group>
        {data?.periodEnd ? (
          <Text size="sm" c="dimmed">
            {data.cancelAtPeriodEnd ? t('home.endsOn', { date: formatDate(data.periodEnd, locale) }) : t('home.renewsOn', { date: formatDate(data.periodEnd, locale) })}
          </Text>
        ) : null}
        {!data && query.isError ? (
          <Alert color="red" variant="light" title={t('home.planError')}>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('personal.retry')}
            </Button>
          </Alert>
        ) : null}
        {!data && !query.isError ? (
          <Stack gap="sm" aria-busy="true" aria-label={t('home.loading')}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={28} />
            ))}
          </Stack>
        ) : null}
        {data ? (
          <Stack gap="sm">
            <UsageMeter label={t('home.usage.profiles')} used={data.usage.profiles} limit={data.limits.profiles} valueText={count(data.usage.profiles, data.limits.profiles)} />
            <UsageMeter label={t('home.usage.tags')} used={data.usage.tags} limit={data.limits.tags} valueText={count(data.usage.tags, data.limits.tags)} />
            <UsageMeter
              label={t('home.usage.storage')}
              used={data.usage.storageBytes}
              limit={data.limits.storageBytes}
              valueText={`${formatBytes(data.usage.storageBytes, locale, byteUnitOf(data.limits.storageBytes))} / ${formatBytes(data.limits.storageBytes, locale)}`}
            />
            <UsageMeter label={t('home.usage.sends')} used={data.usage.sendsThisMonth} limit={data.limits.sendsPerMonth} valueText={count(data.usage.sendsThisMonth, data.limits.sendsPerMonth)} />
          </Stack>
        ) : null}
        <Group gap="sm">
          <Button component={Link} to="/user/myplan" variant="light" size="sm">
            {t('home.managePlan')}
          </Button>
          <Button component={Link} to="/user/plans" variant="subtle" size="sm">
            {t('home.comparePlans')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
