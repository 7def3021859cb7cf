import { Anchor, Checkbox, Group, Text } from '@mantine/core';
import type { CloudFile } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '@/components/data-table';
import { useLocale } from '@/components/use-locale';
import { formatBytes, formatDate } from '@/lib/format';
import { FileThumb, typeLabel } from './file-thumb';

/**
 * The Nube's list view: the name cell (a box to select a live file, its thumbnail, and the name that
 * opens the preview) and the columns, with the deletion date in the trash.
 */
export function useFileColumns({
  trash,
  selected,
  onToggle,
  onPreview,
}: {
  trash: boolean;
  selected: string[];
  onToggle: (id: string, on: boolean) => void;
  onPreview: (file: CloudFile) => void;
}) {
  const { t } = useTranslation(['cloud', 'admin']);
  const locale = useLocale();
  const nameCell = (file: CloudFile) => (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      {file.deletedAt ? null : (
        <Checkbox
          checked={selected.includes(file.id)}
          onChange={(e) => onToggle(file.id, e.currentTarget.checked)}
          aria-label={t('select.file', { name: file.name })}
          data-testid="cloud-file-select"
        />
      )}
      <div style={{ width: 48, flexShrink: 0 }}>
        <FileThumb file={file} ratio={1} size="sm" />
      </div>
      {file.deletedAt ? (
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {file.name}
        </Text>
      ) : (
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={500}
          ta="start"
          onClick={() => onPreview(file)}
          style={{ overflowWrap: 'anywhere' }}
        >
          {file.name}
        </Anchor>
      )}
    </Group>
  );
  const columns: DataColumn<CloudFile>[] = [
    { key: 'name', header: t('columns.name'), cell: nameCell, hideInCard: true },
    { key: 'kind', header: t('columns.kind'), cell: (file) => `${t(`kinds.${file.kind}`)} · ${typeLabel(file)}` },
    { key: 'size', header: t('columns.size'), cell: (file) => formatBytes(file.sizeBytes, locale) },
    trash
      ? { key: 'deletedAt', header: t('columns.deletedAt'), cell: (file) => formatDate(file.deletedAt ?? file.updatedAt, locale) }
      : { key: 'createdAt', header: t('columns.createdAt'), cell: (file) => formatDate(file.createdAt, locale) },
  ];
  return { columns, nameCell };
}
