import { ActionIcon, Group, Paper, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/components/use-locale';
import { formatBytes } from '@/lib/format';
import type { UploadItem } from './use-upload-queue';

/** One upload in the list: its name, where it is (waiting, a percentage, done, or why it failed) and its bar. */
export function UploadRow({ item, onDismiss }: { item: UploadItem; onDismiss: () => void }) {
  const { t } = useTranslation('cloud');
  const locale = useLocale();
  return (
    <Paper withBorder radius="sm" p="xs" role="listitem" data-testid="cloud-upload-item" data-status={item.status}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" truncate style={{ minWidth: 0, flex: 1 }}>
          {item.name}
        </Text>
        <Text size="xs" c={item.status === 'error' ? 'red' : item.status === 'done' ? 'teal' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {item.status === 'done'
            ? t('uploads.done')
            : item.status === 'waiting'
              ? t('uploads.waiting')
              : item.status === 'uploading'
                ? `${Math.round(item.progress * 100)} %`
                : formatBytes(item.size, locale)}
        </Text>
        {item.status === 'done' || item.status === 'error' ? (
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('uploads.dismiss', { name: item.name })} onClick={onDismiss}>
            <span aria-hidden="true">×</span>
          </ActionIcon>
        ) : null}
      </Group>
      {item.keptAs !== undefined ? (
        <Text size="xs" c="dimmed" mt={4} data-testid="cloud-upload-kept">
          {t('uploads.alreadyKept', { name: item.keptAs })}
        </Text>
      ) : null}
      {item.status === 'error' ? (
        <Text size="xs" c="red" role="alert" mt={4}>
          {item.error}
        </Text>
      ) : (
        <Progress
          mt={6}
          size="sm"
          value={item.progress * 100}
          color={item.status === 'done' ? 'teal' : undefined}
          animated={item.status === 'uploading'}
          aria-label={t('uploads.progress', { name: item.name, percent: Math.round(item.progress * 100) })}
        />
      )}
    </Paper>
  );
}
