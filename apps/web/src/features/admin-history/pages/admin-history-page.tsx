import { LoadError, LoadingRows } from '@/components/load-states';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActivityEvent } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { DateFilter, LoadMoreButton } from '@/components/keyset-list';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { useUrlFilters } from '@/components/use-url-filters';
import { bcp47 } from '@/lib/language';
import { useAdminHistory, type HistoryFilters } from '../api/list-history';
import { ACTIVITY_ACTIONS } from '../components/actions';
import { useUserForLabel } from '../api/get-user-for-label';
import { sentenceValues } from '../components/sentence-values';
import { UserPicker, userLabel } from '../components/user-picker';
import { ValueDiff } from '../components/value-diff';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function useHistoryFilters() {
  const { pick, set, clear } = useUrlFilters();
  const filters: HistoryFilters = { userId: pick('userId'), action: pick('action'), from: pick('from'), to: pick('to') };
  return { filters, set: (key: keyof HistoryFilters, value: string | null) => set(key, value), clear };
}

function EventItem({ event }: { event: ActivityEvent }) {
  const { t } = useTranslation(['admin-history', 'admin']);
  const locale = useLocale();
  const when = new Intl.DateTimeFormat(bcp47(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(event.createdAt));
  const someone = t('someone');
  const values = sentenceValues(event, someone);
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="history-event" data-action={event.action}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t(`actions.${event.action}`, { ...values, defaultValue: event.action })}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={event.createdAt}>
            {when}
          </Text>
        </Group>
        <Group gap="md" wrap="wrap">
          <Text size="xs" c="dimmed">
            {t('actor')}: <strong>{event.actorName ?? t('system')}</strong>
            {event.actorEmail && event.actorId !== event.userId ? (
              <span data-testid="history-actor-email"> · {event.actorEmail}</span>
            ) : null}
          </Text>
          <Text size="xs" c="dimmed">
            {t('target')}:{' '}
            {event.userId ? (
              <Anchor component={Link} to={`?userId=${event.userId}`} size="xs" data-testid="history-user">
                {userLabel({ name: event.userName, email: event.userEmail }, event.userId)}
              </Anchor>
            ) : (
              <strong>{event.targetType ? `${event.targetType} ${event.targetId ?? ''}` : t('admin:none')}</strong>
            )}
          </Text>
          <Badge size="xs" variant="outline" color="gray" style={{ textTransform: 'none' }}>
            {event.action}
          </Badge>
          {event.address ? (
            <Text size="xs" c="dimmed">
              {event.address}
            </Text>
          ) : null}
        </Group>
        <ValueDiff before={event.before} after={event.after} />
      </Stack>
    </Paper>
  );
}

export default function AdminHistoryPage() {
  const { t } = useTranslation(['admin-history', 'admin', 'pages']);
  usePageTitle(t('pages:admin.historial'));
  const { filters, set, clear } = useHistoryFilters();
  // A user id from the URL (or a link in an event) that is not a user's is ignored.
  const userId = filters.userId && UUID.test(filters.userId) ? filters.userId : undefined;
  const dateError = (value?: string) => (value && !DATE.test(value) ? t('filters.dateInvalid') : undefined);
  const valid = !dateError(filters.from) && !dateError(filters.to);
  const query = useAdminHistory(valid ? { ...filters, userId } : {});
  const events = query.data?.pages.flatMap((page) => page.data) ?? [];
  // The chosen user's name and email: from their events, else from the users screen's detail.
  const fromEvents = userId ? events.find((e) => e.userId === userId) : undefined;
  const detail = useUserForLabel(userId, !fromEvents && !query.isPending);
  const named = fromEvents ? { name: fromEvents.userName, email: fromEvents.userEmail } : detail.data;
  const selectedUser = userId ? { value: userId, label: named ? userLabel(named, userId) : userId } : null;
  const hasFilters = Object.values(filters).some(Boolean);

  return (
    <Stack gap="lg" data-testid="admin-history-page">
      <div>
        <Title order={1}>{t('pages:admin.historial')}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <UserPicker value={userId} selected={selectedUser} onChange={(id) => set('userId', id)} />
        <Select
          label={t('filters.action')}
          placeholder={t('filters.anyAction')}
          clearable
          searchable
          data={ACTIVITY_ACTIONS.map((action) => ({ value: action, label: t(`actionNames.${action}`) }))}
          value={filters.action ?? null}
          onChange={(value) => set('action', value)}
          style={{ flex: '1 1 14rem' }}
          data-testid="history-filter-action"
        />
        <DateFilter
          label={t('filters.from')}
          value={filters.from}
          onChange={(v) => set('from', v)}
          error={dateError(filters.from)}
          testId="history-filter-from"
        />
        <DateFilter
          label={t('filters.to')}
          value={filters.to}
          onChange={(v) => set('to', v)}
          error={dateError(filters.to)}
          testId="history-filter-to"
        />
        {hasFilters ? (
          <Button variant="subtle" mt={25} onClick={clear}>
            {t('filters.clear')}
          </Button>
        ) : null}
      </Group>
      {query.isError && !query.data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <LoadingRows rows={4} height={64} />
      ) : events.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" data-testid="history-empty">
          {t('empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('pages:admin.historial')}>
          {events.map((event) => (
            <EventItem key={event.id} event={event} />
          ))}
        </Stack>
      )}
      <LoadMoreButton query={query} label={t('loadMore')} testId="history-load-more" />
      {query.isFetchNextPageError ? (
        <Text size="sm" c="red" role="alert" ta="center">
          {apiErrorMessage(query.error, t)}
        </Text>
      ) : null}
    </Stack>
  );
}
