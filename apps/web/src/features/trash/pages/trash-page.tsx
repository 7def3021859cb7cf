import { useMemo, useState } from 'react';
import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TRASH_RETENTION_DAYS, type TrashItem } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/components/use-page-title';
import { usePreferences } from '@/lib/api/preferences';
import { useDeleteForever } from '../api/delete-forever';
import { useEmptyTrash } from '../api/empty-trash';
import { useTrash } from '../api/get-trash';
import { useRestoreItem } from '../api/restore-item';
import { TrashFilter, type TrashFilterValue } from '../components/trash-filter';
import { TrashListEnd } from '../components/trash-list-end';
import { TrashRow } from '../components/trash-row';

/** /user/papelera: every soft-deleted card, tag, message and file; restore, delete forever, empty; purged 30 days after deletion. */
export default function TrashPage() {
  const { t } = useTranslation(['trash', 'admin', 'common']);
  usePageTitle(t('title'));
  const [filter, setFilter] = useState<TrashFilterValue>('all');
  const kind = filter === 'all' ? null : filter;
  const trash = useTrash(kind);
  const timeZone = usePreferences().data?.timeZone;
  const restore = useRestoreItem();
  const [deleting, setDeleting] = useState<TrashItem | null>(null);
  const [emptying, setEmptying] = useState(false);
  const items = trash.data?.pages.flatMap((page) => page.data) ?? [];
  // One "now" per load, so every row counts its days from the same moment.
  const now = useMemo(() => new Date(), [trash.dataUpdatedAt]); // eslint-disable-line react-hooks/exhaustive-deps

  const onRestore = (item: TrashItem) =>
    restore.mutate(
      { kind: item.kind, id: item.id },
      {
        onSuccess: () => notify('success', t('restored', { name: item.name })),
        onError: (error) => notify('error', apiErrorMessage(error, t)),
      },
    );

  return (
    <Stack gap="lg" maw={880} w="100%" data-testid="trash-page">
      <PageHeader
        title={t('title')}
        intro={t('intro', { days: TRASH_RETENTION_DAYS })}
        actions={
          <Button color="red" variant="light" disabled={items.length === 0} onClick={() => setEmptying(true)} data-testid="trash-empty">
            {t(`emptyButton.${filter}`)}
          </Button>
        }
      />
      <TrashFilter value={filter} onChange={setFilter} />
      {trash.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={86} radius="md" />
          ))}
        </Stack>
      ) : trash.isError ? (
        <Alert color="red" role="alert" title={t('error')} data-testid="trash-error">
          <Button size="xs" variant="light" onClick={() => void trash.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <Paper withBorder radius="md" p="lg" ta="center" data-testid="trash-empty-state">
          <Text fw={600}>{t(`emptyState.${filter}`)}</Text>
          <Text size="sm" c="dimmed">
            {t('emptyHint', { days: TRASH_RETENTION_DAYS })}
          </Text>
        </Paper>
      ) : (
        <>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('listLabel')} data-testid="trash-list">
            {items.map((item) => (
              <TrashRow
                key={`${item.kind}:${item.id}`}
                item={item}
                timeZone={timeZone}
                now={now}
                restoring={restore.isPending && restore.variables.id === item.id}
                onRestore={onRestore}
                onDelete={setDeleting}
              />
            ))}
          </Stack>
          <TrashListEnd trash={trash} />
        </>
      )}
      <DeleteForeverDialog item={deleting} onClose={() => setDeleting(null)} />
      <EmptyTrashDialog opened={emptying} filter={filter} onClose={() => setEmptying(false)} />
    </Stack>
  );
}

/** Deleting one item for good, asked once (a file's and a profile's consequences said). */
function DeleteForeverDialog({ item, onClose }: { item: TrashItem | null; onClose: () => void }) {
  const { t } = useTranslation(['trash', 'admin']);
  const deleteForever = useDeleteForever();
  // Closed, the last attempt is forgotten: the next one opens without its error.
  const close = () => {
    deleteForever.reset();
    onClose();
  };
  const confirm = () =>
    item &&
    deleteForever.mutate(item, {
      onSuccess: () => {
        close();
        notify('success', t('deleted', { name: item.name }));
      },
    });
  return (
    <ConfirmDialog
      opened={item !== null}
      title={t('deleteTitle', { name: item?.name ?? '' })}
      confirmLabel={t('deleteForever')}
      danger
      loading={deleteForever.isPending}
      error={deleteForever.isError ? apiErrorMessage(deleteForever.error, t) : null}
      onConfirm={confirm}
      onClose={close}
    >
      {item?.kind === 'file'
        ? t('deleteBodyFile')
        : item?.kind === 'card' || item?.kind === 'tag'
          ? t('deleteBodyProfile')
          : t('deleteBody')}
    </ConfirmDialog>
  );
}

/** Emptying the trash (or the filtered kind of it) for good, asked once. */
function EmptyTrashDialog({ opened, filter, onClose }: { opened: boolean; filter: TrashFilterValue; onClose: () => void }) {
  const { t } = useTranslation(['trash', 'admin']);
  const empty = useEmptyTrash();
  const close = () => {
    empty.reset();
    onClose();
  };
  const confirm = () =>
    empty.mutate(filter === 'all' ? null : filter, {
      onSuccess: ({ deleted }) => {
        close();
        notify('success', t('emptied', { count: deleted }));
      },
    });
  return (
    <ConfirmDialog
      opened={opened}
      title={t(`emptyTitle.${filter}`)}
      confirmLabel={t('emptyConfirm')}
      danger
      loading={empty.isPending}
      error={empty.isError ? apiErrorMessage(empty.error, t) : null}
      onConfirm={confirm}
      onClose={close}
    >
      {t('emptyBody')}
    </ConfirmDialog>
  );
}
