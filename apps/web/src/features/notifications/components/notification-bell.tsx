import { Link } from 'react-router';
import { Alert, Button, Group, Loader, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '../api/get-notifications';
import { useUnreadNotifications } from '../api/get-unread-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { NotificationItem } from './notification-item';
import '../notifications.css';
import { LineIcon } from '@/components/line-icon';

const BELL_PAGE = 5;

/** The bell in the header: the unread count (kept live by the stream) and the latest notifications. */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [opened, { close, toggle }] = useDisclosure(false);
  const unread = useUnreadNotifications();
  const latest = useNotifications(BELL_PAGE, opened);
  const markAll = useMarkAllRead();
  const count = unread.data ?? 0;
  const items = latest.data?.pages[0]?.data ?? [];
  const label = count > 0 ? t('bell.labelUnread', { count }) : t('bell.label');

  return (
    <Popover
      opened={opened}
      onChange={(o) => (o ? undefined : close())}
      position="bottom-end"
      width={360}
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          h={34}
          w={34}
          px={0}
          aria-label={label}
          title={label}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={toggle}
          className="notification-bell"
          data-testid="notification-bell"
        >
          <LineIcon>
            <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
            <path d="M13.7 21a2 2 0 0 1-3.4 0" />
          </LineIcon>
          {count > 0 ? (
            <span className="notification-count" aria-hidden="true" data-testid="notification-count">
              {count > 99 ? '99+' : count}
            </span>
          ) : null}
        </Button>
      </Popover.Target>
      <Popover.Dropdown
        p={0}
        role="dialog"
        aria-label={t('title')}
        data-testid="notification-panel"
        style={{ maxWidth: 'calc(100vw - 16px)' }}
      >
        <Group justify="space-between" px="md" py="sm" className="notification-panel-head">
          <Text fw={700}>{t('title')}</Text>
          <Button
            variant="subtle"
            size="xs"
            disabled={count === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
            data-testid="notification-mark-all"
          >
            {t('markAllRead')}
          </Button>
        </Group>
        <Stack gap={0} className="notification-panel-list">
          {latest.isPending ? (
            <Group justify="center" p="md">
              <Loader size="sm" aria-label={t('loading')} />
            </Group>
          ) : latest.isError ? (
            <Alert color="red" m="sm" role="alert">
              {t('loadError')}
            </Alert>
          ) : items.length === 0 ? (
            <Text c="dimmed" size="sm" p="md" ta="center" data-testid="notification-empty">
              {t('empty')}
            </Text>
          ) : (
            items.map((n) => <NotificationItem key={n.id} notification={n} onOpen={close} compact />)
          )}
        </Stack>
        <Group justify="center" p="xs" className="notification-panel-foot">
          <Button component={Link} to="/user/notificaciones" variant="subtle" size="xs" onClick={close} data-testid="notification-see-all">
            {t('seeAll')}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
