import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/components/use-page-title';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useNotifications } from '../api/get-notifications';
import { useUnreadNotifications } from '../api/get-unread-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { NotificationItem } from '../components/notification-item';
import '../notifications.css';

/** /user/notificaciones: every notification, newest first, with "load more"; mark all read. Kept live by the header's stream. */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  usePageTitle(t('title'));
  const list = useNotifications();
  const unread = useUnreadNotifications();
  const markAll = useMarkAllRead();
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  const count = unread.data ?? list.data?.pages[0]?.meta.unread ?? 0;

  return (
    <Stack gap="lg" maw={880} w="100%" data-testid="notifications-page">
      <PageHeader
        title={t('title')}
        intro={count > 0 ? t('introUnread', { count }) : t('intro')}
        actions={
          <Button
            variant="light"
            disabled={count === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
            data-testid="notifications-mark-all"
          >
            {t('markAllRead')}
          </Button>
        }
      />
      {markAll.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(markAll.error, t)}
        </Alert>
      ) : null}
      {list.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={72} radius="md" />
          ))}
        </Stack>
      ) : list.isError ? (
        <Alert color="red" role="alert" title={t('loadError')}>
          <Button size="xs" variant="light" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <Paper withBorder radius="md" p="lg" ta="center" data-testid="notifications-empty">
          <Text fw={600}>{t('empty')}</Text>
          <Text size="sm" c="dimmed">
            {t('emptyHint')}
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
            style={{ listStyle: 'none', overflow: 'hidden' }}
            data-testid="notifications-list"
            aria-label={t('title')}
          >
            {items.map((n) => (
              <li key={n.id} className="notification-row">
                <NotificationItem notification={n} />
              </li>
            ))}
          </Paper>
          <Group justify="center">
            {list.hasNextPage ? (
              <Button
                variant="light"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
                data-testid="notifications-more"
              >
                {t('loadMore')}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {t('end')}
              </Text>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
