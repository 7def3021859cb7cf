import { useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
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
import { PageHeader } from '@/components/page-header';
import { QuotaPrompt, quotaReached } from '@/components/quota-prompt';
import { UsageMeter } from '@/components/usage-meter';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { cloudErrorMessage } from '@/lib/cloud-api';
import { formatBytes, formatDate, formatNumber } from '@/lib/format';
import { useCloudFiles, useRestoreFile, useStorageUsage } from '../api/files';
import { FileActions, type FileAction } from '../components/file-actions';
import { FileGrid } from '../components/file-grid';
import { FileThumb, typeLabel } from '../components/file-thumb';
import { InUseDialog } from '../components/in-use-dialog';
import { PreviewModal } from '../components/preview-modal';
import { RenameModal } from '../components/rename-modal';
import { UploadZone } from '../components/upload-zone';
import { useTrashFiles } from '../components/use-trash-files';

const PAGE_SIZE = 24;
const NONE: string[] = [];
const NO_FILES: CloudFile[] = [];
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
  const files = query.data?.data ?? NO_FILES;

  // The selection belongs to one list view (filters, order, page, live files): changing any of them
  // starts empty, so a bulk action never acts on files the user can't see.
  const selectionKey = `${debounced}|${kind}|${sort}|${page}|${trash}`;
  const [selection, setSelection] = useState<{ key: string; ids: string[] }>({ key: selectionKey, ids: [] });
  const selected = !trash && selection.key === selectionKey ? selection.ids.filter((id) => files.some((f) => f.id === id)) : NONE;
  const select = (next: (current: string[]) => string[]) => setSelection({ key: selectionKey, ids: next(selected) });
  const toggle = (id: string, on: boolean) => select((current) => (on ? [...new Set([...current, id])] : current.filter((x) => x !== id)));
  const allOnPage = files.length > 0 && files.every((f) => selected.includes(f.id));

  // To the trash, one file or the selected ones: a file in use asks first (the dialog), then Undo is offered.
  const trashing = useTrashFiles({
    onTrashed: () => {
      setSelection({ key: selectionKey, ids: [] });
      totalRef.current?.focus();
    },
  });

  function onAction(action: FileAction, file: CloudFile) {
    if (action === 'preview') setPreviewing(file);
    else if (action === 'rename') setRenaming(file);
    else if (action === 'delete') trashing.trash([file]);
    else
      restoreFile.mutate(file.id, {
        onSuccess: () => {
          notify('success', t('notify.restored', { name: file.name }));
          totalRef.current?.focus();
        },
        onError: (e) => notify('error', cloudErrorMessage(e, t)),
      });
  }

  const nameCell = (file: CloudFile) => (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      {file.deletedAt ? null : (
        <Checkbox
          checked={selected.includes(file.id)}
          onChange={(e) => toggle(file.id, e.currentTarget.checked)}
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

      <Group justify="space-between" gap="xs" mih={28}>
        <Text ref={totalRef} tabIndex={-1} size="sm" c="dimmed" aria-live="polite" data-testid="cloud-total" style={{ outlineOffset: 2 }}>
          {query.data ? t('total', { count: total, formatted: formatNumber(total, locale) }) : '\u00a0'}
        </Text>
        {!trash && files.length > 0 ? (
          <Checkbox
            label={t('select.page')}
            checked={allOnPage}
            indeterminate={!allOnPage && selected.length > 0}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              select((current) => (on ? [...new Set([...current, ...files.map((f) => f.id)])] : []));
            }}
            data-testid="cloud-select-page"
          />
        ) : null}
      </Group>

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
        <FileGrid files={query.data.data} onAction={onAction} selected={trash ? undefined : selected} onSelect={toggle} />
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

      {selected.length > 0 ? (
        <Paper
          withBorder
          shadow="md"
          radius="md"
          p="sm"
          role="region"
          aria-label={t('select.region')}
          data-testid="cloud-bulk-bar"
          style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 5 }}
        >
          <Group gap="xs" justify="space-between">
            <Text size="sm" fw={600} aria-live="polite" data-testid="cloud-bulk-count">
              {t('select.count', { count: selected.length })}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                color="red"
                variant="light"
                loading={trashing.busy && trashing.pending === null}
                onClick={() => trashing.trash(files.filter((f) => selected.includes(f.id)))}
                data-testid="cloud-bulk-trash"
              >
                {t('select.trash')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                onClick={() => setSelection({ key: selectionKey, ids: [] })}
                data-testid="cloud-bulk-clear"
              >
                {t('select.clear')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}

      <InUseDialog
        files={trashing.pending?.files ?? null}
        uses={trashing.pending?.uses ?? []}
        loading={trashing.busy}
        error={trashing.error}
        onConfirm={trashing.confirm}
        onClose={trashing.cancel}
      />
      <PreviewModal file={previewing} onClose={() => setPreviewing(null)} />
      <RenameModal file={renaming} onClose={() => setRenaming(null)} />
    </Stack>
  );
}
