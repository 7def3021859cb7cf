import { useState } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { SelectField } from '@/components/select-field';
import { usePageTitle } from '@/components/use-page-title';
import { usePreferences } from '@/lib/api/preferences';
import { useHistory } from '../api/get-history';
import { USER_ACTIONS } from '../components/describe-event';
import { HistoryList } from '../components/history-list';

/** /user/historial: my own activity, newest first, with "load more" and a filter by action. */
export default function HistoryPage() {
  const { t } = useTranslation('history');
  usePageTitle(t('title'));
  const [action, setAction] = useState<string | null>(null);
  const history = useHistory(action);
  const preferences = usePreferences();
  const timeZone = preferences.data?.timeZone;
  const events = history.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Stack gap="lg" maw={880} w="100%" data-testid="history-page">
      <PageHeader title={t('title')} intro={timeZone ? t('introZone', { zone: timeZone.replace(/_/g, ' ') }) : t('intro')} />
      <SelectField
        label={t('filter')}
        value={action ?? ''}
        onChange={(value) => setAction(value || null)}
        data={[
          { value: '', label: t('allActions') },
          ...USER_ACTIONS.map((value) => ({ value, label: t(`filters.${value.replace('.', '_')}`) })),
        ]}
        maw={360}
        data-testid="history-filter"
      />
      {history.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('loading')}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={58} radius="md" />
          ))}
        </Stack>
      ) : history.isError ? (
        <Alert color="red" role="alert" title={t('error')}>
          <Button size="xs" variant="light" onClick={() => void history.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      ) : events.length === 0 ? (
        <Paper withBorder radius="md" p="lg" ta="center" data-testid="history-empty">
          <Text fw={600}>{action ? t('emptyFiltered') : t('empty')}</Text>
          <Text size="sm" c="dimmed">
            {t('emptyHint')}
          </Text>
        </Paper>
      ) : (
        <>
          <HistoryList events={events} timeZone={timeZone} />
          <Group justify="center">
            {history.hasNextPage ? (
              <Button
                variant="light"
                loading={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
                data-testid="history-more"
              >
                {t('loadMore')}
              </Button>
            ) : (
              <Text size="sm" c="dimmed" data-testid="history-end">
                {t('end')}
              </Text>
            )}
          </Group>
          {history.isFetchNextPageError ? (
            <Alert color="red" role="alert">
              {t('error')}
            </Alert>
          ) : null}
        </>
      )}
    </Stack>
  );
}
