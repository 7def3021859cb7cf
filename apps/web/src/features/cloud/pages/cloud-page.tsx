import { useRef, useState } from 'react';
import { Checkbox, Group, Pagination, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CloudFile } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { QuotaPrompt, quotaReached } from '@/components/quota-prompt';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { apiErrorMessage } from '@/lib/api-error-message';
import { formatBytes, formatNumber } from '@/lib/format';
import { useStorageUsage } from '@/lib/api/get-storage-usage';
import { useCloudFiles } from '../api/get-files';
import { useRestoreFile } from '../api/restore-file';
import { BulkBar } from '../components/bulk-bar';
import { CloudFiltersBar } from '../components/cloud-filters-bar';
import { FileActions, type FileAction } from '../components/file-actions';
import { useFileColumns } from '../components/file-columns';
import { FileGridView } from '../components/file-grid-view';
import { InUseDialog } from '../components/in-use-dialog';
import { PreviewModal } from '../components/preview-modal';
import { RenameModal } from '../components/rename-modal';
import { StorageCard } from '../components/storage-card';
import { UploadZone } from '../components/upload-zone';
import { useCloudFilters } from '../components/use-cloud-filters';
import { useFileSelection } from '../components/use-file-selection';
import { useTrashFiles } from '../components/use-trash-files';

const PAGE_SIZE = 24;
const NO_FILES: CloudFile[] = [];

/** /user/nube: upload (drag and drop, progress per file), list or grid, preview, rename, download, trash and restore, storage meter. */
export default function CloudPage() {
  const { t } = useTranslation(['cloud', 'admin']);
  usePageTitle(t('title'));
  const locale = useLocale();
  const filters = useCloudFilters();
  const { debounced, kind, sort, view, trash, page, setPage } = filters;
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
  // The file leaves the list after trash or restore, so its menu goes away: focus the count instead.
  const totalRef = useRef<HTMLParagraphElement>(null);
  const files = query.data?.data ?? NO_FILES;

  // The selection belongs to one list view (filters, order, page, live files).
  const selectionKey = `${debounced}|${kind}|${sort}|${page}|${trash}`;
  const { selected, select, toggle, clear, allOnPage } = useFileSelection(selectionKey, files, trash);

  // To the trash, one file or the selected ones: a file in use asks first (the dialog), then Undo is offered.
  const trashing = useTrashFiles({
    onTrashed: () => {
      clear();
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
        onError: (e) => notify('error', apiErrorMessage(e, t)),
      });
  }

  const { columns, nameCell } = useFileColumns({ trash, selected, onToggle: toggle, onPreview: setPreviewing });
  const emptyText = trash ? t('emptyTrash') : debounced || kind ? t('noMatch') : t('empty');

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

      <CloudFiltersBar filters={filters} />

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
          emptyText={emptyText}
          testId="cloud-table"
        />
      ) : (
        <FileGridView query={query} emptyText={emptyText} onAction={onAction} selected={trash ? undefined : selected} onSelect={toggle} />
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
        <BulkBar
          count={selected.length}
          trashing={trashing.busy && trashing.pending === null}
          onTrash={() => trashing.trash(files.filter((f) => selected.includes(f.id)))}
          onClear={clear}
        />
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
