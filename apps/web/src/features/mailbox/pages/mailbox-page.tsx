import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Checkbox, Group, Paper, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { MailboxFolder, Message, MessageBulkBody } from '@enlaza/contracts';
import { apiErrorMessage } from '@/components/api-error-message';
import { notify } from '@/components/notifications';
import { useUndoTrash } from '@/components/use-undo-trash';
import { PageHeader } from '@/components/page-header';
import { SelectField } from '@/components/select-field';
import { usePageTitle } from '@/components/use-page-title';
import { ApiError } from '@/lib/api-error';
import { useExportMessagesCsv } from '../api/export-csv';
import { useMessages } from '../api/list-messages';
import { useBulkAction, useMessageAction } from '../api/message-actions';
import { useMailboxProfiles } from '../api/profile-options';
import { FolderTabs } from '../components/folder-tabs';
import { MessageDetailDrawer } from '../components/message-detail';
import { MessageRow } from '../components/message-row';

const NONE: ReadonlySet<string> = new Set();

/** /user/buzon/:profileId: the messages visitors sent to one card or tag. */
export default function MailboxPage() {
  const { t } = useTranslation(['mailbox', 'admin']);
  usePageTitle(t('title'));
  const { profileId = '' } = useParams();
  const navigate = useNavigate();
  const profiles = useMailboxProfiles();
  const [folder, setFolder] = useState<MailboxFolder>('inbox');
  const [unread, setUnread] = useState(false);
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  const filter = useMemo(() => ({ folder, unread, search }), [folder, unread, search]);
  const messages = useMessages(profileId, filter);
  const action = useMessageAction();
  const bulk = useBulkAction(profileId);
  const exportCsv = useExportMessagesCsv(profileId);
  // The selection belongs to one profile, folder and filter: changing any of them starts empty.
  const selectionKey = `${profileId}|${folder}|${unread}|${search}`;
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({ key: selectionKey, ids: new Set() });
  const selected: ReadonlySet<string> = selection.key === selectionKey ? selection.ids : NONE;
  const setSelected = (next: Set<string> | ((current: ReadonlySet<string>) => Set<string>)) =>
    setSelection((current) => ({
      key: selectionKey,
      ids: typeof next === 'function' ? next(current.key === selectionKey ? current.ids : NONE) : next,
    }));
  const [open, setOpen] = useState<Message | null>(null);
  // After a bulk action the selected rows may be gone: focus goes to "Select all", or to the empty state.
  const selectAllRef = useRef<HTMLInputElement>(null);
  const emptyRef = useRef<HTMLDivElement>(null);
  const [bulkDone, setBulkDone] = useState(0);
  useEffect(() => {
    if (bulkDone > 0) (selectAllRef.current ?? emptyRef.current)?.focus();
  }, [bulkDone]);

  const rows = messages.data?.pages.flatMap((page) => page.data) ?? [];
  const counts = messages.data?.pages[0]?.meta.counts;
  const notFound = messages.error instanceof ApiError && messages.error.status === 404;
  const allSelected = rows.length > 0 && rows.every((m) => selected.has(m.id));

  const openMessage = (message: Message) => {
    setOpen(message);
    if (!message.read)
      action.mutate(
        { id: message.id, action: { type: 'update', body: { read: true } } },
        { onSuccess: (updated) => setOpen((current) => (current?.id === updated.id ? updated : current)) },
      );
  };
  const toggleStar = (message: Message) =>
    action.mutate(
      { id: message.id, action: { type: 'update', body: { starred: !message.starred } } },
      { onError: (error) => notify('error', apiErrorMessage(error, t)) },
    );
  const undoTrash = useUndoTrash();
  const runBulk = (bulkAction: MessageBulkBody['action']) =>
    bulk.mutate(
      { ids: [...selected], action: bulkAction },
      {
        onSuccess: ({ affected }) => {
          if (bulkAction === 'trash') undoTrash('message', [...selected], t('bulk.done', { count: affected }));
          else notify('success', t('bulk.done', { count: affected }));
          setSelected(new Set());
          setBulkDone((n) => n + 1);
        },
        onError: (error) => notify('error', apiErrorMessage(error, t)),
      },
    );
  const download = () =>
    exportCsv.mutate(undefined, {
      onSuccess: (name) => notify('success', t('export.done', { name })),
      onError: (error) => notify('error', apiErrorMessage(error, t)),
    });

  const profileOptions = (profiles.data ?? []).map((p) => ({ value: p.id, label: `${p.name} · ${t(`kinds.${p.kind}`)}` }));
  if (profileId && profiles.data && !profiles.data.some((p) => p.id === profileId))
    profileOptions.unshift({ value: profileId, label: t('unknownProfile') });

  const bulkActions: MessageBulkBody['action'][] =
    folder === 'trash' ? ['restore'] : ['read', 'unread', 'star', folder === 'archived' ? 'unarchive' : 'archive', 'trash'];

  return (
    <Stack gap="md" maw={960} w="100%" data-testid="mailbox-page">
      <PageHeader
        title={t('title')}
        intro={t('intro')}
        actions={
          <Button variant="default" onClick={download} loading={exportCsv.isPending} disabled={notFound} data-testid="mailbox-export">
            {t('export.button')}
          </Button>
        }
      />

      <SelectField
        label={t('profile')}
        value={profileId}
        onChange={(value) => void navigate(`/user/buzon/${value}`)}
        data={profiles.isPending ? [{ value: profileId, label: t('loading') }] : profileOptions}
        maw={420}
        data-testid="mailbox-profile"
      />
      {profiles.isError ? (
        <Alert color="red" role="alert" title={t('profilesError')} maw={420} data-testid="mailbox-profiles-error">
          <Button size="xs" variant="light" onClick={() => void profiles.refetch()} loading={profiles.isFetching}>
            {t('retry')}
          </Button>
        </Alert>
      ) : null}

      <FolderTabs folder={folder} counts={counts} onChange={setFolder} />

      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={searchInput}
          onChange={(e) => setSearchInput(e.currentTarget.value)}
          maxLength={100}
          style={{ flex: '1 1 220px' }}
          data-testid="mailbox-search"
        />
        <Switch
          label={t('unreadOnly')}
          checked={unread}
          onChange={(e) => setUnread(e.currentTarget.checked)}
          mb={8}
          data-testid="mailbox-unread"
        />
      </Group>

      {rows.length > 0 ? (
        <Group gap="xs" wrap="wrap" data-testid="bulk-bar">
          <Checkbox
            ref={selectAllRef}
            label={t('bulk.selectAll')}
            checked={allSelected}
            indeterminate={selected.size > 0 && !allSelected}
            onChange={(e) => setSelected(e.currentTarget.checked ? new Set(rows.map((m) => m.id)) : new Set())}
          />
          {selected.size > 0 ? (
            <>
              <Text size="sm" c="dimmed">
                {t('bulk.selected', { count: selected.size })}
              </Text>
              {bulkActions.map((a) => (
                <Button
                  key={a}
                  size="compact-sm"
                  variant={a === 'trash' ? 'light' : 'default'}
                  color={a === 'trash' ? 'red' : undefined}
                  loading={bulk.isPending && bulk.variables?.action === a}
                  onClick={() => runBulk(a)}
                  data-testid={`bulk-${a}`}
                >
                  {t(`bulk.actions.${a}`)}
                </Button>
              ))}
            </>
          ) : null}
        </Group>
      ) : null}

      {messages.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('loading')}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={56} radius="md" />
          ))}
        </Stack>
      ) : messages.isError ? (
        <Alert color="red" role="alert" title={notFound ? t('notFoundTitle') : t('errorTitle')} data-testid="mailbox-error">
          <Text size="sm" mb="xs">
            {notFound ? t('notFound') : apiErrorMessage(messages.error, t)}
          </Text>
          {notFound ? null : (
            <Button size="xs" variant="light" onClick={() => void messages.refetch()}>
              {t('retry')}
            </Button>
          )}
        </Alert>
      ) : rows.length === 0 ? (
        <Paper ref={emptyRef} tabIndex={-1} withBorder radius="md" p="lg" ta="center" data-testid="mailbox-empty">
          <Text fw={600}>{search || unread ? t('empty.filtered') : t(`empty.${folder}`)}</Text>
          <Text size="sm" c="dimmed">
            {t('empty.hint')}
          </Text>
        </Paper>
      ) : (
        <>
          <Paper
            withBorder
            radius="md"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            data-testid="message-list"
            aria-label={t(`folders.${folder}`)}
          >
            {rows.map((message, index) => (
              <li key={message.id} style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}>
                <MessageRow
                  message={message}
                  selected={selected.has(message.id)}
                  onSelect={(on) =>
                    setSelected((current) => {
                      const next = new Set(current);
                      if (on) next.add(message.id);
                      else next.delete(message.id);
                      return next;
                    })
                  }
                  onOpen={() => openMessage(message)}
                  onToggleStar={() => toggleStar(message)}
                />
              </li>
            ))}
          </Paper>
          <Group justify="center">
            {messages.hasNextPage ? (
              <Button
                variant="light"
                loading={messages.isFetchingNextPage}
                onClick={() => void messages.fetchNextPage()}
                data-testid="mailbox-more"
              >
                {t('loadMore')}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {t('end')}
              </Text>
            )}
          </Group>
          {messages.isFetchNextPageError ? (
            <Alert color="red" role="alert">
              {t('errorTitle')}
            </Alert>
          ) : null}
        </>
      )}

      <MessageDetailDrawer message={open} onClose={() => setOpen(null)} onChanged={setOpen} />
    </Stack>
  );
}
