import { ActionIcon, Badge, Box, Checkbox, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Message } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { usePreferences } from '@/lib/api/preferences';
import { formatDate } from '@/lib/format';

interface MessageRowProps {
  message: Message;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onOpen: () => void;
  onToggleStar: () => void;
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
    </svg>
  );
}

/** One line of the list: select box, star toggle, then sender, first line and date (unread in bold with a dot). */
export function MessageRow({ message, selected, onSelect, onOpen, onToggleStar }: MessageRowProps) {
  const { t } = useTranslation('mailbox');
  const locale = useLocale();
  const timeZone = usePreferences().data?.timeZone;
  const firstLine = message.body.split('\n').find((line) => line.trim()) ?? '';
  const weight = message.read ? 400 : 700;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="message-row" data-unread={!message.read || undefined} py="xs" px="sm">
      <Checkbox
        mt={4}
        checked={selected}
        onChange={(e) => onSelect(e.currentTarget.checked)}
        aria-label={t('list.select', { name: message.name })}
      />
      <ActionIcon
        variant="subtle"
        color={message.starred ? 'yellow' : 'gray'}
        onClick={onToggleStar}
        aria-label={message.starred ? t('actions.unstarOf', { name: message.name }) : t('actions.starOf', { name: message.name })}
        aria-pressed={message.starred}
        data-testid="message-star"
      >
        <StarIcon filled={message.starred} />
      </ActionIcon>
      <UnstyledButton onClick={onOpen} style={{ flex: 1, minWidth: 0 }} data-testid="message-open">
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            {message.read ? null : (
              <Box w={8} h={8} bg="blue.6" style={{ borderRadius: '50%', flexShrink: 0 }} aria-hidden="true" data-testid="unread-dot" />
            )}
            <Text fw={weight} size="sm" truncate="end">
              {message.name}
            </Text>
            {message.read ? null : <VisuallyHidden>{t('list.unread')}</VisuallyHidden>}
            {message.repliedAt ? (
              <Badge size="xs" variant="light" color="blue" style={{ flexShrink: 0 }} data-testid="message-replied">
                {t('detail.replied')}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {formatDate(message.createdAt, locale, timeZone)}
          </Text>
        </Group>
        <Text size="sm" c={message.read ? 'dimmed' : undefined} fw={message.read ? 400 : 500} truncate="end">
          {firstLine}
        </Text>
      </UnstyledButton>
    </Group>
  );
}
