import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { Segment } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table';
import { useLocale } from '@/components/use-locale';
import { useSegmentCount } from '@/lib/api/count-segment';
import { useSegments } from '@/lib/api/get-segments';
import { formatDate, formatNumber } from '@/lib/format';
import { NEW_SEGMENT, segmentPath } from '../pages/segment-paths';

/** A saved segment's people now, counted when the row shows (a loader meanwhile). */
function SegmentPeople({ segment }: { segment: Segment }) {
  const { t } = useTranslation('audience');
  const locale = useLocale();
  const count = useSegmentCount(segment.id);
  if (count.isError) {
    return (
      <Text size="sm" c="red">
        {t('segments.countError')}
      </Text>
    );
  }
  if (count.data === undefined) return <Loader size="xs" aria-label={t('segments.counting', { name: segment.name })} />;
  return (
    <Text size="sm" data-testid="segment-people" data-count={count.data}>
      {t('segments.people', { count: count.data, formatted: formatNumber(count.data, locale) })}
    </Text>
  );
}

/** My segments, each with the people it selects now; a new one opens the builder. */
export function SegmentsTab() {
  const { t } = useTranslation('audience');
  const locale = useLocale();
  const segments = useSegments();
  return (
    <Stack gap="md" data-testid="segments-tab">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" maw={620}>
          {t('segments.intro')}
        </Text>
        <Button component={Link} to={segmentPath(NEW_SEGMENT)} data-testid="segment-new">
          {t('segments.new')}
        </Button>
      </Group>
      <DataTable
        caption={t('segments.caption')}
        testId="segments-table"
        columns={[
          {
            key: 'name',
            header: t('segments.name'),
            hideInCard: true,
            cell: (s: Segment) => (
              <Anchor component={Link} to={segmentPath(s.id)} style={{ overflowWrap: 'anywhere' }}>
                {s.name}
              </Anchor>
            ),
          },
          { key: 'people', header: t('segments.peopleHeader'), cell: (s) => <SegmentPeople segment={s} /> },
          {
            key: 'groups',
            header: t('segments.conditions'),
            cell: (s) => {
              const conditions = s.rule.groups.reduce((n, g) => n + g.conditions.length, 0);
              return t('segments.conditionCount', { count: conditions, formatted: formatNumber(conditions, locale) });
            },
          },
          { key: 'updated', header: t('segments.updated'), cell: (s) => formatDate(s.updatedAt, locale) },
        ]}
        rows={segments.data}
        rowKey={(s) => s.id}
        cardTitle={(s) => (
          <Anchor component={Link} to={segmentPath(s.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {s.name}
          </Anchor>
        )}
        actionsHeader={t('actions')}
        actions={(s) => (
          <Button component={Link} to={segmentPath(s.id)} size="xs" variant="light" aria-label={t('segments.editLabel', { name: s.name })}>
            {t('segments.edit')}
          </Button>
        )}
        isLoading={segments.isPending}
        error={segments.error}
        onRetry={() => void segments.refetch()}
        emptyText={t('segments.empty')}
      />
    </Stack>
  );
}
