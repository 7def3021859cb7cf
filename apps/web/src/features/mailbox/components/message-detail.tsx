import { Anchor, Badge, Button, Divider, Drawer, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageReplyBodySchema, type Message } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { FormGeneralError } from '@/components/form-general-error';
import { notify } from '@/components/notifications';
import { useUndoTrash } from '@/components/use-undo-trash';
import { useLocale } from '@/components/use-locale';
import { usePreferences } from '@/lib/api/preferences';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { formatDateTime } from '@/lib/format';
import { displayPhone } from '@/lib/phone-input';
import { useMessageAction, type MessageAction } from '../api/message-action';
import { useReplyToMessage } from '../api/reply-to-message';

/** OpenStreetMap at the finder's position. */
export const mapLink = (location: { lat: number; lng: number }) =>
  `https://www.openstreetmap.org/?mlat=${location.lat}&mlon=${location.lng}#map=17/${location.lat}/${location.lng}`;

function ReplyForm({ message, onChanged }: { message: Message; onChanged: (message: Message) => void }) {
  const { t } = useTranslation(['mailbox', 'admin']);
  const reply = useReplyToMessage();
  const form = useContractForm(messageReplyBodySchema, {
    initialValues: { subject: '', body: '' },
    // No subject typed: the server writes "Re: …" in the sender's language.
    toBody: ({ subject, body }) => ({ body, ...(subject.trim() ? { subject } : {}) }),
    messages: { body: t('reply.bodyRequired') },
  });

  const submit = form.onSubmit((body) =>
    reply.mutate(
      { id: message.id, body },
      {
        onSuccess: (updated) => {
          onChanged(updated);
          notify('success', t('reply.sent', { email: message.email }));
          form.form.reset();
        },
        onError: form.setServerError,
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="reply-form">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('reply.title')}
        </Title>
        <TextInput {...form.field('subject')} label={t('reply.subject')} placeholder={t('reply.subjectPlaceholder')} />
        <Textarea {...form.field('body')} label={t('reply.body')} autosize minRows={4} maxRows={12} data-testid="reply-body" />
        <FormGeneralError error={form.generalError} />
        <Group justify="flex-end">
          <Button type="submit" loading={reply.isPending} data-testid="reply-send">
            {t('reply.send')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('reply.hint')}
        </Text>
      </Stack>
    </form>
  );
}

/** One message: who sent it and when, consent and state, the text, where a finder was, replies sent, and the reply form. */
function Detail({ message, onChanged }: { message: Message; onChanged: (message: Message) => void }) {
  const { t } = useTranslation(['mailbox', 'admin']);
  const locale = useLocale();
  const timeZone = usePreferences().data?.timeZone;
  const date = formatDateTime(message.createdAt, locale, timeZone);

  return (
    <Stack gap="md" data-testid="message-detail">
      <div style={{ minWidth: 0 }}>
        <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {message.name}
        </Title>
        <Anchor href={`mailto:${message.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {message.email}
        </Anchor>
        {message.phone ? (
          <Text size="sm">
            <Anchor href={`tel:${message.phone}`} data-testid="message-phone">
              {displayPhone(message.phone)}
            </Anchor>
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {date}
        </Text>
      </div>
      <Group gap="xs">
        <Badge color={message.consent ? 'teal' : 'gray'} variant="light" data-testid="consent-badge">
          {message.consent ? t('detail.consentYes') : t('detail.consentNo')}
        </Badge>
        {message.repliedAt ? (
          <Badge color="blue" variant="light">
            {t('detail.replied')}
          </Badge>
        ) : null}
        {message.crm ? (
          <Badge
            component="a"
            href={message.crm.url}
            target="_blank"
            rel="noopener noreferrer"
            color="orange"
            variant="light"
            style={{ cursor: 'pointer' }}
            data-testid="message-crm-link"
          >
            {t(message.crm.provider === 'hubspot' ? 'detail.crmHubspot' : 'detail.crmSalesforce')}
          </Badge>
        ) : null}
        {message.archived ? <Badge variant="outline">{t('folders.archived')}</Badge> : null}
        {message.deletedAt ? (
          <Badge color="red" variant="outline">
            {t('folders.trash')}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-body">
        {message.body}
      </Text>
      {message.location ? (
        <Anchor href={mapLink(message.location)} target="_blank" rel="noopener noreferrer" size="sm" data-testid="location-link">
          {t('detail.location')}
        </Anchor>
      ) : null}
      <MessageActions message={message} onChanged={onChanged} />
      <SentReplies replies={message.replies} timeZone={timeZone} />
      <Divider />
      <ReplyForm key={message.id} message={message} onChanged={onChanged} />
    </Stack>
  );
}

/** Read or unread, star, archive, trash (undoable); a trashed message can only be restored. */
function MessageActions({ message, onChanged }: { message: Message; onChanged: (message: Message) => void }) {
  const { t } = useTranslation(['mailbox', 'admin']);
  const action = useMessageAction();
  const undoTrash = useUndoTrash();
  const run = (next: MessageAction, done: string) =>
    action.mutate(
      { id: message.id, action: next },
      {
        onSuccess: (updated) => {
          onChanged(updated);
          if (next.type === 'trash') undoTrash('message', [message.id], t(done));
          else notify('success', t(done));
        },
        onError: (error) => notify('error', apiErrorMessage(error, t)),
      },
    );
  return (
    <Group gap="xs">
      {message.deletedAt ? (
        <Button size="xs" variant="light" loading={action.isPending} onClick={() => run({ type: 'restore' }, 'done.restored')}>
          {t('actions.restore')}
        </Button>
      ) : (
        <>
          <Button
            size="xs"
            variant="default"
            onClick={() => run({ type: 'update', body: { read: !message.read } }, message.read ? 'done.unread' : 'done.read')}
          >
            {message.read ? t('actions.markUnread') : t('actions.markRead')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() =>
              run({ type: 'update', body: { starred: !message.starred } }, message.starred ? 'done.unstarred' : 'done.starred')
            }
          >
            {message.starred ? t('actions.unstar') : t('actions.star')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() =>
              run({ type: 'update', body: { archived: !message.archived } }, message.archived ? 'done.unarchived' : 'done.archived')
            }
          >
            {message.archived ? t('actions.unarchive') : t('actions.archive')}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => run({ type: 'trash' }, 'done.trashed')} data-testid="message-trash">
            {t('actions.trash')}
          </Button>
        </>
      )}
    </Group>
  );
}

/** The replies already sent, with when. */
function SentReplies({ replies, timeZone }: { replies: Message['replies']; timeZone: string | undefined }) {
  const { t } = useTranslation('mailbox');
  const locale = useLocale();
  if (replies.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('detail.repliesTitle')} data-testid="message-replies">
      <Title order={3} size="h5">
        {t('detail.repliesTitle')}
      </Title>
      {replies.map((reply) => (
        <Paper key={reply.sentAt} withBorder radius="sm" p="sm" data-testid="message-reply">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {reply.subject}
          </Text>
          <Text size="xs" c="dimmed">
            {t('detail.sentAt', { date: formatDateTime(reply.sentAt, locale, timeZone) })}
          </Text>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {reply.body}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

/** The full message beside the list, with its actions and the reply form. */
export function MessageDetailDrawer({
  message,
  onClose,
  onChanged,
}: {
  message: Message | null;
  onClose: () => void;
  onChanged: (message: Message) => void;
}) {
  const { t } = useTranslation(['mailbox', 'admin']);
  return (
    <Drawer
      opened={message !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('detail.title')}
      closeButtonProps={{ 'aria-label': t('admin:close') }}
    >
      {message ? <Detail message={message} onChanged={onChanged} /> : null}
    </Drawer>
  );
}
