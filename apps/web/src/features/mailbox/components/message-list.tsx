import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MailboxFolder, Message } from '@enlaza/contracts';
import type { useMessages } from '../api/list-messages';
import { MessageRow } from './message-row';

/** The folder's messages, newest first, and the button that loads older ones. */
export function MessageList({
  messages,
  rows,
  folder,
  selected,
  onSelect,
  onOpen,
  onToggleStar,
}: {
  messages: ReturnType<typeof useMessages>;
  rows: Message[];
  folder: MailboxFolder;
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  onOpen: (message: Message) => void;
  onToggleStar: (message: Message) => void;
}) {
  const { t } = useTranslation(['mailbox', 'admin']);
  return (
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
              onSelect={(on) => onSelect(message.id, on)}
              onOpen={() => onOpen(message)}
              onToggleStar={() => onToggleStar(message)}
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
  );
}
