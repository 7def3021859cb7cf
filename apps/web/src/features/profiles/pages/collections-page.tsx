import '../profiles.css';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert, Anchor, Button, ColorSwatch, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Collection, ProfileKind } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataColumn } from '@/components/data-table';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { formatNumber } from '@/lib/format';
import { useDeleteCollection } from '../api/delete-collection';
import { useCollections } from '../api/get-collections';
import type { CollectionType } from '../api/keys';
import { CollectionModal } from '../components/collection-modal';
import { Icon } from '../components/icons';
import { useProfileKind } from '../components/use-profile-kind';

/** perfiles/carpetas, perfiles/etiquetas, tamys/carpetas, tamys/etiquetas: one page, four uses. */
export default function CollectionsPage() {
  const { t } = useTranslation(['profiles', 'admin']);
  const { kind, base } = useProfileKind();
  const { pathname } = useLocation();
  const type: CollectionType = pathname.endsWith('/etiquetas') ? 'labels' : 'folders';
  const what = type === 'folders' ? 'folder' : 'label';
  const titleKey = `collections.titles.${kind}.${type}`;
  usePageTitle(t(titleKey));
  const query = useCollections(type, kind);
  const columns = useCollectionColumns(type, kind, base);
  const [editing, setEditing] = useState<Collection | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Collection | null>(null);
  const [done, setDone] = usePageNotice(pathname);

  const actions = (row: Collection) => (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        onClick={() => setEditing(row)}
        aria-label={t('actions.editOf', { name: row.name })}
        data-testid="collection-edit"
      >
        {t('actions.edit')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() => setDeleting(row)}
        aria-label={t('collections.deleteOf', { name: row.name })}
        data-testid="collection-delete"
      >
        {t('collections.delete')}
      </Button>
    </Group>
  );

  return (
    <Stack gap="lg" data-testid="collections-page">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1}>{t(titleKey)}</Title>
          <Text c="dimmed">{t(`collections.${what}.subtitle`)}</Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to={base} variant="subtle">
            {t(kind === 'card' ? 'list.cardsTitle' : 'list.tagsTitle')}
          </Button>
          <Button onClick={() => setEditing('new')} leftSection={<Icon name="plus" />} data-testid="collection-create">
            {t(`collections.${what}.create`)}
          </Button>
        </Group>
      </Group>
      {done ? (
        <Alert
          color="teal"
          role="status"
          withCloseButton
          closeButtonLabel={t('admin:close')}
          onClose={() => setDone(null)}
          data-testid="collection-done"
        >
          {done}
        </Alert>
      ) : null}
      <DataTable
        caption={t(titleKey)}
        columns={columns}
        rows={query.data}
        rowKey={(row) => row.id}
        cardTitle={(row) => <CollectionName collection={row} />}
        actions={actions}
        isLoading={query.isPending}
        error={query.isError ? query.error : null}
        onRetry={() => void query.refetch()}
        emptyText={t(`collections.${what}.empty`)}
        testId="collections-table"
      />
      <CollectionModal
        type={type}
        kind={kind}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          setDone(t(created ? 'collections.created' : 'collections.updated', { name: saved.name }));
          setEditing(null);
        }}
      />
      <DeleteCollectionDialog
        type={type}
        kind={kind}
        deleting={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(gone) => setDone(t('collections.deleted', { name: gone.name }))}
      />
    </Stack>
  );
}

/**
 * A notice of what was just done, shown on the page it was said on: the same page serves folders
 * and labels, so going from one to the other hides it.
 */
function usePageNotice(pathname: string): [string | null, (message: string | null) => void] {
  const [doneAt, setDoneAt] = useState<{ pathname: string; message: string } | null>(null);
  return [doneAt?.pathname === pathname ? doneAt.message : null, (message) => setDoneAt(message === null ? null : { pathname, message })];
}

/** A folder or label: its colour and name. */
function CollectionName({ collection }: { collection: Collection }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ColorSwatch color={collection.color} size={18} aria-hidden />
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {collection.name}
      </Text>
    </Group>
  );
}

/** Name, colour, and how many cards or tags it holds (a link to the list filtered by it: ?folder= or ?label=). */
function useCollectionColumns(type: CollectionType, kind: ProfileKind, base: string): DataColumn<Collection>[] {
  const { t } = useTranslation('profiles');
  const locale = useLocale();
  const listLink = (row: Collection) => `${base}?${type === 'folders' ? 'folder' : 'label'}=${row.id}`;
  return [
    { key: 'name', header: t('collections.name'), cell: (row) => <CollectionName collection={row} />, hideInCard: true },
    { key: 'color', header: t('collections.color'), cell: (row) => <code>{row.color}</code> },
    {
      key: 'profiles',
      header: t(kind === 'card' ? 'collections.cards' : 'collections.tags'),
      cell: (row) => (
        <Anchor
          component={Link}
          to={listLink(row)}
          size="sm"
          aria-label={t('collections.showProfiles', { name: row.name, count: row.profiles })}
        >
          {formatNumber(row.profiles, locale)}
        </Anchor>
      ),
    },
  ];
}

/** Asks before deleting a folder or label (its cards or tags stay), then deletes it. */
function DeleteCollectionDialog({
  type,
  kind,
  deleting,
  onClose,
  onDeleted,
}: {
  type: CollectionType;
  kind: ProfileKind;
  deleting: Collection | null;
  onClose: () => void;
  onDeleted: (gone: Collection) => void;
}) {
  const { t } = useTranslation('profiles');
  const remove = useDeleteCollection(type);
  const what = type === 'folders' ? 'folder' : 'label';
  // Closed, the last attempt is forgotten: the next one opens without its error.
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={deleting !== null}
      title={t(`collections.${what}.deleteTitle`, { name: deleting?.name ?? '' })}
      confirmLabel={t('collections.delete')}
      danger
      loading={remove.isPending}
      error={remove.isError ? apiErrorMessage(remove.error, t) : null}
      onConfirm={() =>
        deleting &&
        remove.mutate(deleting.id, {
          onSuccess: () => {
            onDeleted(deleting);
            close();
          },
        })
      }
      onClose={close}
    >
      {deleting ? t(`collections.${what}.deleteBody.${kind}`, { name: deleting.name, count: deleting.profiles }) : ''}
    </ConfirmDialog>
  );
}
