import { useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CloudFile, FileKind } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/data-table';
import { notify } from '@/components/notifications';
import { useUndoTrash } from '@/components/use-undo-trash';
import { PageHeader } from '@/components/page-header';
import { QuotaPrompt, quotaReached } from '@/components/quota-prompt';
import { UsageMeter } from '@/components/usage-meter';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { cloudErrorMessage } from '@/lib/cloud-api';
import { formatBytes, formatDate, formatNumber } from '@/lib/format';
import { useCloudFiles, useRestoreFile, useStorageUsage, useTrashFile } from '../api/files';
import { FileActions, type FileAction } from '../components/file-actions';
import { FileGrid } from '../components/file-grid';
import { FileThumb, typeLabel } from '../components/file-thumb';
import { PreviewModal } from '../components/preview-modal';
import { RenameModal } from '../components/rename-modal';
import { UploadZone } from '../components/upload-zone';

const PAGE_SIZE = 24;
const SORTS = ['createdAt-desc', 'createdAt-asc', 'name-asc', 'name-desc', 'size-desc', 'size-asc'] as const;
type Sort = (typeof SORTS)[number];

function StorageCard() {
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

/** /user/nube: upload (drag and drop, progress per file), list or grid, preview, rename, download, trash and restore, storage meter. */
export default function CloudPage() {
  const { t } = useTranslation(['cloud', 'admin']);
  usePageTitle(t('title'));
  const locale = useLocale();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [kind, setKind] = useState<FileKind | null>(null);
  const [sort, setSort] = useState<Sort>('createdAt-desc');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [trash, setTrash] = useState(false);
  const [page, setPage] = useState(1);
  const [previewing, setPreviewing] = useState<CloudFile | null>(null);
  const [renaming, setRenaming] = useState<CloudFile | null>(null);
  const usage = useStorageUsage();
  // Storage used up: said before a file is chosen, with the plans (nothing is deleted).
  const storageFull = usage.data ? quotaReached(usage.data.usedBytes, usage.data.limitBytes) : false;
  const trashFile = useTrashFile();
  const restoreFile = useRestoreFile();

  const [sortKey, dir] = sort.split('-') as ['createdAt' | 'name' | 'size', 'asc' | 'desc'];
  const query = useCloudFiles({
    search: debounced || undefined,
    kind: kind ?? undefined,
    trash,
    sort: sortKey,
    dir,
    page,
    pageSize: PAGE_SIZE,
  });
  const total = query.data?.meta.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // A page past the end (its last files were just trashed or restored): show the last page instead.
  if (query.data && !query.isPlaceholderData && query.data.data.length === 0 && total > 0 && page > lastPage) setPage(lastPage);
  const reset = () => setPage(1);
  // The file leaves the list after trash or restore, so its menu goes away: focus the count instead.
  const totalRef = useRef<HTMLParagraphElement>(null);
  const undoTrash = useUndoTrash();
  const done = (message: string, trashedId?: string) => {
    if (trashedId) undoTrash('file', [trashedId], message);
    else notify('success', message);
    totalRef.current?.focus();
  };

  function onAction(action: FileAction, file: CloudFile) {
    if (action === 'preview') setPreviewing(file);
    else if (action === 'rename') setRenaming(file);
    else if (action === 'delete')
      trashFile.mutate(file.id, {
        onSuccess: () => done(t('notify.deleted', { name: file.name }), file.id),
        onError: (e) => notify('error', cloudErrorMessage(e, t)),
      });
    else
      restoreFile.mutate(file.id, {
        onSuccess: () => done(t('notify.restored', { name: file.name })),
        onError: (e) => notify('error', cloudErrorMessage(e, t)),
      });
  }

  const nameCell = (file: CloudFile) => (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
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
          onClick={() => setPreviewing(file)}
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

  return (
    <Stack gap="lg" data-testid="cloud-page">
      <PageHeader title={t('title')} intro={t('intro')} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="sm">
          {storageFull && usage.data ? <QuotaPrompt kind="storage" limit={formatBytes(usage.data.limitBytes, locale)} /> : null}
          <UploadZone maxFileBytes={usage.data?.maxFileBytes} disabled={storageFull} />
        </Stack>
        <StorageCard />
      </SimpleGrid>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('search')}
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            reset();
          }}
          style={{ flex: '1 1 200px' }}
          data-testid="cloud-search"
        />
        <Select
          label={t('filters.kind')}
          data={[
            { value: '', label: t('filters.all') },
            ...(['image', 'pdf', 'document'] as const).map((k) => ({ value: k, label: t(`kinds.${k}`) })),
          ]}
          value={kind ?? ''}
          onChange={(v) => {
            setKind(v === 'image' || v === 'pdf' || v === 'document' ? v : null);
            reset();
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 170 }}
        />
        <Select
          label={t('filters.sort')}
          data={SORTS.map((s) => ({ value: s, label: t(`sorts.${s}`) }))}
          value={sort}
          onChange={(v) => {
            if (!v) return;
            setSort(v);
            reset();
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <SegmentedControl
          aria-label={t('filters.view')}
          value={view}
          onChange={(v) => setView(v)}
          data={[
            { value: 'grid', label: t('filters.grid') },
            { value: 'list', label: t('filters.list') },
          ]}
        />
        <Switch
          label={t('filters.trash')}
          checked={trash}
          onChange={(e) => {
            setTrash(e.currentTarget.checked);
            reset();
          }}
          mb={8}
          data-testid="cloud-trash-toggle"
        />
      </Group>

      <Text ref={totalRef} tabIndex={-1} size="sm" c="dimmed" aria-live="polite" data-testid="cloud-total" style={{ outlineOffset: 2 }}>
        {query.data ? t('total', { count: total, formatted: formatNumber(total, locale) }) : '\u00a0'}
      </Text>

      {view === 'list' ? (
        <DataTable
          caption={t('title')}
          columns={columns}
          rows={query.data?.data}
          rowKey={(file) => file.id}
          cardTitle={nameCell}
          actions={(file) => <FileActions file={file} onAction={onAction} />}
          actionsHeader={t('columns.actions')}
          isLoading={query.isPending}
          error={query.isError && !query.data ? query.error : null}
          onRetry={() => void query.refetch()}
          emptyText={trash ? t('emptyTrash') : debounced || kind ? t('noMatch') : t('empty')}
          testId="cloud-table"
        />
      ) : query.isPending ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing="md" aria-busy="true" aria-label={t('loading')}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={160} radius="md" />
          ))}
        </SimpleGrid>
      ) : query.isError && !query.data ? (
        <Alert color="red" role="alert" title={t('errors.load')}>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      ) : query.data.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="cloud-empty">
          <Text c="dimmed" ta="center">
            {trash ? t('emptyTrash') : debounced || kind ? t('noMatch') : t('empty')}
          </Text>
        </Paper>
      ) : (
        <FileGrid files={query.data.data} onAction={onAction} />
      )}

      {total > PAGE_SIZE ? (
        <Group justify="center">
          <Pagination
            total={Math.ceil(total / PAGE_SIZE)}
            value={page}
            onChange={setPage}
            getControlProps={(c) => ({ 'aria-label': c === 'previous' ? t('previousPage') : c === 'next' ? t('nextPage') : undefined })}
          />
        </Group>
      ) : null}

      <PreviewModal file={previewing} onClose={() => setPreviewing(null)} />
      <RenameModal file={renaming} onClose={() => setRenaming(null)} />
    </Stack>
  );
}
