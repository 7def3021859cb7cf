import { Link } from 'react-router';
import { Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatDateTime } from '@/lib/format';
import { useMarkRead } from '../api/mark-read';

/**
 * One notification: its translated title and body and when it came; opening it marks it read and
 * goes to what it is about (the message, the cloud, the plans page…).
 */
export function NotificationItem({
  notification,
  onOpen,
  compact = false,
}: {
  notification: Notification;
  onOpen?: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation('notifications');
  const locale = useLocale();
  const markRead = useMarkRead();
  const open = () => {
    if (!notification.read) markRead.mutate(notification.id);
    onOpen?.();
  };
  return (
    <UnstyledButton
      component={Link}
      to={notification.link}
      onClick={open}
      className="notification-item"
      data-unread={notification.read ? undefined : 'true'}
      data-testid="notification-item"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <span className="notification-dot" aria-hidden="true" />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={notification.read ? 500 : 700} className="notification-title">
            {/* Its name is what it shows (title, text and time), an unread one's led by the mark. */}
            {notification.read ? null : <VisuallyHidden>{`${t('unreadMark')}: `}</VisuallyHidden>}
            {notification.title}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={compact ? 2 : 3} style={{ overflowWrap: 'anywhere' }}>
            {notification.body}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt, locale)}</time>
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
