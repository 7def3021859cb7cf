import { Alert, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSendQuota } from '@/lib/api/send-quota';
import { useLocale } from '@/components/use-locale';
import { formatDate, formatNumber } from '@/lib/format';
import { UsageMeter } from '@/components/usage-meter';

/** The month's sending quota from `GET /api/envio/data`. */
export function SendQuotaCard() {
  const { t } = useTranslation('dashboard');
  const quota = useSendQuota();
  const locale = useLocale();
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('sendQuota.title')}
        </Title>
        {quota.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t('loading')}>
            <Skeleton height={14} width="60%" />
            <Skeleton height={10} />
          </Stack>
        ) : quota.isError ? (
          <Alert color="red" variant="light" title={t('error')}>
            <Button size="xs" variant="light" mt="xs" onClick={() => void quota.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Alert>
        ) : (
          <>
            <UsageMeter
              label={t('sendQuota.used')}
              used={quota.data.used}
              limit={quota.data.limit}
              valueText={`${formatNumber(quota.data.used, locale)} / ${formatNumber(quota.data.limit, locale)}`}
              testId="send-quota"
            />
            <Text size="sm" c="dimmed">
              {t('sendQuota.remaining', { value: formatNumber(quota.data.remaining, locale) })}
              {' · '}
              {t('sendQuota.period', { start: formatDate(quota.data.periodStart, locale), end: formatDate(quota.data.periodEnd, locale) })}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
