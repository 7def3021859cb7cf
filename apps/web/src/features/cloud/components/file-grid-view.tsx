import { Alert, Button, Paper, Skeleton, SimpleGrid, Text } from '@mantine/core';
import type { CloudFile } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import type { useCloudFiles } from '../api/get-files';
import type { FileAction } from './file-actions';
import { FileGrid } from './file-grid';

/** The thumbnails view with its loading, error and empty states. */
export function FileGridView({
  query,
  emptyText,
  onAction,
  selected,
  onSelect,
}: {
  query: ReturnType<typeof useCloudFiles>;
  emptyText: string;
  onAction: (action: FileAction, file: CloudFile) => void;
  selected: string[] | undefined;
  onSelect: (id: string, on: boolean) => void;
}) {
  const { t } = useTranslation(['cloud', 'admin']);
  if (query.isPending)
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing="md" aria-busy="true" aria-label={t('loading')}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={160} radius="md" />
        ))}
      </SimpleGrid>
    );
  if (query.isError && !query.data)
    return (
      <Alert color="red" role="alert" title={t('errors.load')}>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  if (query.data.data.length === 0)
    return (
      <Paper withBorder radius="md" p="xl" data-testid="cloud-empty">
        <Text c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Paper>
    );
  return <FileGrid files={query.data.data} onAction={onAction} selected={selected} onSelect={onSelect} />;
}
