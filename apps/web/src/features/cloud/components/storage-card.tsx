import { Alert, Button, Paper, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UsageMeter } from '@/components/usage-meter';
import { useLocale } from '@/components/use-locale';
import { formatBytes } from '@/lib/format';
import { useStorageUsage } from '@/lib/api/get-storage-usage';

/** The storage meter: used of the plan's limit, and the largest file allowed. */
export function StorageCard() {
  const { t } = useTranslation('cloud');
  const locale = useLocale();
  const usage = useStorageUsage();
  if (usage.isPending) return <Skeleton height={76} radius="md" />;
  if (usage.isError)
    return (
      <Alert color="red" role="alert" title={t('storage.error')} data-testid="cloud-storage-error" style={{ alignSelf: 'start' }}>
        <Button size="xs" variant="light" onClick={() => void usage.refetch()} loading={usage.isFetching}>
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  const { usedBytes, limitBytes, maxFileBytes } = usage.data;
  return (
    <Paper withBorder radius="md" p="md" data-testid="cloud-storage" style={{ alignSelf: 'start' }}>
      <UsageMeter
        label={t('storage.label')}
        used={usedBytes}
        limit={limitBytes}
        valueText={t('storage.value', { used: formatBytes(usedBytes, locale), limit: formatBytes(limitBytes, locale) })}
        testId="cloud-storage-value"
      />
      <Text size="xs" c="dimmed" mt={6}>
        {t('storage.hint', { max: formatBytes(maxFileBytes, locale) })}
      </Text>
    </Paper>
  );
}
