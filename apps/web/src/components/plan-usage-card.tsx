import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionData } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { useSubscriptionData } from '@/lib/api/subscription-data';
import { useStorageUsage } from '@/lib/api/get-storage-usage';
import { formatBytes, formatDate, formatNumber } from '@/lib/format';
import { useSession } from '@/lib/session';
import { UsageMeter } from '@/components/usage-meter';

const STATUS_COLORS: Record<SubscriptionData['status'], string> = {
  trialing: 'blue',
  active: 'teal',
  past_due: 'orange',
  expired: 'red',
  cancelled: 'gray',
  none: 'gray',
};

export function SubscriptionStatusBadge({ status }: { status: SubscriptionData['status'] }) {
  const { t } = useTranslation('plan');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="subscription-status">
      {t(`statuses.${status}`)}
    </Badge>
  );
}

/**
 * Plan name, status, period and usage meters, from the stored subscription data (fetched when none
 * is held: the inherited contract asks for the subscription call once per sign-in). Shared by the
 * user dashboard, the account home and My plan; `children` adds actions below. A screen that has
 * fresher counts of cards and tags (the dashboard's own call) passes them as `counts`, so its meters
 * and its tiles agree.
 */
export function PlanUsageCard({
  children,
  testId,
  nameTestId = 'plan-name',
  counts,
}: {
  children?: ReactNode;
  testId?: string;
  nameTestId?: string;
  counts?: { profiles: number; tags: number };
}) {
  const { t } = useTranslation('plan');
  const locale = useLocale();
  const stored = useSession().subscription;
  const query = useSubscriptionData();
  const held = stored ?? query.data;
  const data = held && counts ? { ...held, usage: { ...held.usage, ...counts } } : held;
  // Storage comes from the cloud's own usage (refreshed by every upload and trash), not from the
  // subscription data kept at sign-in: the dashboard and the cloud show the same number.
  // While it loads the meter waits (a skeleton) rather than flash the older number; if it fails,
  // the subscription data's figure is shown.
  const storageQuery = useStorageUsage();
  const storage =
    storageQuery.data ??
    (storageQuery.isError && data ? { usedBytes: data.usage.storageBytes, limitBytes: data.limits.storageBytes } : null);

  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Text size="sm" c="dimmed">
              {t('plan.label')}
            </Text>
            {data ? (
              <Title order={2} size="h3" data-testid={nameTestId}>
                {data.plan?.name ?? t('plan.none')}
              </Title>
            ) : (
              <Skeleton height={24} width={120} mt={4} />
            )}
          </div>
          {data ? <SubscriptionStatusBadge status={data.status} /> : null}
        </Group>

        {data?.periodEnd ? (
          <Text size="sm" c="dimmed">
            {data.cancelAtPeriodEnd
              ? t('plan.endsOn', { date: formatDate(data.periodEnd, locale) })
              : t('plan.renewsOn', { date: formatDate(data.periodEnd, locale) })}
          </Text>
        ) : null}

        {!data && query.isError ? (
          <Alert color="red" variant="light" title={t('error')}>
            <Button size="xs" variant="light" mt="xs" onClick={() => void query.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Alert>
        ) : null}

        {!data && !query.isError ? (
          <Stack gap="sm" aria-busy="true" aria-label={t('loading')}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={28} />
            ))}
          </Stack>
        ) : null}

        {data ? (
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('usage.title')}
            </Title>
            <UsageMeter
              label={t('usage.profiles')}
              used={data.usage.profiles}
              limit={data.limits.profiles}
              valueText={`${formatNumber(data.usage.profiles, locale)} / ${formatNumber(data.limits.profiles, locale)}`}
              testId="usage-profiles"
              calmAtLimit
            />
            <UsageMeter
              label={t('usage.tags')}
              used={data.usage.tags}
              limit={data.limits.tags}
              valueText={`${formatNumber(data.usage.tags, locale)} / ${formatNumber(data.limits.tags, locale)}`}
              testId="usage-tags"
              calmAtLimit
            />
            {storage ? (
              <UsageMeter
                label={t('usage.storage')}
                used={storage.usedBytes}
                limit={storage.limitBytes}
                valueText={`${formatBytes(storage.usedBytes, locale)} / ${formatBytes(storage.limitBytes, locale)}`}
                testId="usage-storage"
              />
            ) : (
              <Skeleton height={38} aria-label={t('usage.storage')} data-testid="usage-storage-loading" />
            )}
            <UsageMeter
              label={t('usage.sends')}
              used={data.usage.sendsThisMonth}
              limit={data.limits.sendsPerMonth}
              valueText={`${formatNumber(data.usage.sendsThisMonth, locale)} / ${formatNumber(data.limits.sendsPerMonth, locale)}`}
              testId="usage-sends"
            />
          </Stack>
        ) : null}
        {children}
      </Stack>
    </Card>
  );
}
