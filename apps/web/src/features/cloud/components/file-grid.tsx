import { Card, Checkbox, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { CloudFile } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/components/use-locale';
import { formatBytes, formatDate } from '@/lib/format';
import { FileActions, type FileAction } from './file-actions';
import { FileThumb } from './file-thumb';

/**
 * Thumbnails: the picture (or the type's tile) opens the preview; the menu holds the other actions.
 * With `selected`, each live file has a box to select it for the bulk actions.
 */
export function FileGrid({
  files,
  onAction,
  selected,
  onSelect,
}: {
  files: CloudFile[];
  onAction: (action: FileAction, file: CloudFile) => void;
  selected?: string[];
  onSelect?: (id: string, on: boolean) => void;
}) {
  const { t } = useTranslation('cloud');
  const locale = useLocale();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing="md" role="list" data-testid="cloud-grid">
      {files.map((file) => (
        <Card key={file.id} withBorder radius="md" padding="xs" role="listitem" data-testid="cloud-file">
          {file.deletedAt ? (
            <FileThumb file={file} />
          ) : (
            <UnstyledButton
              onClick={() => onAction('preview', file)}
              aria-label={t('actions.open', { name: file.name })}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            >
              <FileThumb file={file} />
            </UnstyledButton>
          )}
          <Group justify="space-between" gap={4} wrap="nowrap" mt="xs" align="flex-start">
            {selected && onSelect && !file.deletedAt ? (
              <Checkbox
                mt={2}
                checked={selected.includes(file.id)}
                onChange={(e) => onSelect(file.id, e.currentTarget.checked)}
                aria-label={t('select.file', { name: file.name })}
                data-testid="cloud-file-select"
              />
            ) : null}
            <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" fw={500} truncate title={file.name}>
                {file.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {formatBytes(file.sizeBytes, locale)} · {formatDate(file.deletedAt ?? file.createdAt, locale)}
              </Text>
            </Stack>
            <FileActions file={file} onAction={onAction} />
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
