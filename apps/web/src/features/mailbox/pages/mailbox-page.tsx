import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Group, Paper, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { MailboxFolder, Message, MessageBulkBody } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { notify } from '@/components/notifications';
import { useUndoTrash } from '@/components/use-undo-trash';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/components/use-page-title';
import { ApiError } from '@/lib/api-error';
import { useExportMessagesCsv } from '../api/export-csv';
import { useMessages } from '../api/list-messages';
import { useBulkAction } from '../api/bulk-action';
import { useMessageAction } from '../api/message-action';
import { BulkBar } from '../components/bulk-bar';
import { FolderTabs } from '../components/folder-tabs';
import { MailboxProfilePicker } from '../components/mailbox-profile-picker';
import { MessageDetailDrawer } from '../components/message-detail';
import { MessageList } from '../components/message-list';
import { useMessageSelection } from '../components/use-message-selection';

/** /user/buzon/:profileId: the messages visitors sent to one card or tag. */
export default function MailboxPage() {
  const { t } = useTranslation(['mailbox', 'admin']);
  usePageTitle(t('title'));
  const { profileId = '' } = useParams();
  const { filter, searchInput, setFolder, setUnread, setSearchInput } = useMailboxFilter();
  const { folder, unread, search } = filter;
  const messages = useMessages(profileId, filter);
  const action = useMessageAction();
  const bulk = useBulkAction(profileId);
  const exportCsv = useExportMessagesCsv(profileId);
  // The selection belongs to one profile, folder and filter: changing any of them starts empty.
  const selectionKey = `${profileId}|${folder}|${unread}|${search}`;
  const { selected, setSelected, toggle } = useMessageSelection(selectionKey);
  const [open, setOpen] = useState<Message | null>(null);
  const { selectAllRef, emptyRef, focusAfterBulk } = useFocusAfterBulk();

  const rows = messages.data?.pages.flatMap((page) => page.data) ?? [];
  const counts = messages.data?.pages[0]?.meta.counts;
  const notFound = messages.error instanceof ApiError && messages.error.status === 404;

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
          focusAfterBulk();
        },
        onError: (error) => notify('error', apiErrorMessage(error, t)),
      },
    );
  const download = () =>
    exportCsv.mutate(undefined, {
      onSuccess: (name) => notify('success', t('export.done', { name })),
      onError: (error) => notify('error', apiErrorMessage(error, t)),
    });

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

      <MailboxProfilePicker profileId={profileId} />

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
        <BulkBar
          folder={folder}
          rows={rows}
          selected={selected}
          onSelect={setSelected}
          running={bulk.isPending ? bulk.variables?.action : undefined}
          onRun={runBulk}
          selectAllRef={selectAllRef}
        />
      ) : null}

      {messages.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('loading')}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={56} radius="md" />
          ))}
        </Stack>
      ) : messages.isError ? (
        <LoadFailed error={messages.error} onRetry={() => void messages.refetch()} />
      ) : rows.length === 0 ? (
        <Paper ref={emptyRef} tabIndex={-1} withBorder radius="md" p="lg" ta="center" data-testid="mailbox-empty">
          <Text fw={600}>{search || unread ? t('empty.filtered') : t(`empty.${folder}`)}</Text>
          <Text size="sm" c="dimmed">
            {t('empty.hint')}
          </Text>
        </Paper>
      ) : (
        <MessageList
          messages={messages}
          rows={rows}
          folder={folder}
          selected={selected}
          onSelect={toggle}
          onOpen={openMessage}
          onToggleStar={toggleStar}
        />
      )}

      <MessageDetailDrawer message={open} onClose={() => setOpen(null)} onChanged={setOpen} />
    </Stack>
  );
}

/** Which messages are listed: the folder, unread only, and the search as typed (applied once typing pauses). */
function useMailboxFilter() {
  const [folder, setFolder] = useState<MailboxFolder>('inbox');
  const [unread, setUnread] = useState(false);
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  const filter = useMemo(() => ({ folder, unread, search }), [folder, unread, search]);
  return { filter, searchInput, setFolder, setUnread, setSearchInput };
}

/** After a bulk action the selected rows may be gone: focus goes to "Select all", or to the empty state. */
function useFocusAfterBulk() {
  const selectAllRef = useRef<HTMLInputElement>(null);
  const emptyRef = useRef<HTMLDivElement>(null);
  const [bulkDone, setBulkDone] = useState(0);
  useEffect(() => {
    if (bulkDone > 0) (selectAllRef.current ?? emptyRef.current)?.focus();
  }, [bulkDone]);
  return { selectAllRef, emptyRef, focusAfterBulk: () => setBulkDone((n) => n + 1) };
}

/** The list could not be read: a mailbox that is not mine (or gone) says so; anything else can be retried. */
function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('mailbox');
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Alert color="red" role="alert" title={notFound ? t('notFoundTitle') : t('errorTitle')} data-testid="mailbox-error">
      <Text size="sm" mb="xs">
        {notFound ? t('notFound') : apiErrorMessage(error, t)}
      </Text>
      {notFound ? null : (
        <Button size="xs" variant="light" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </Alert>
  );
}
