import { lazy, Suspense, useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TeamFigures } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { DataTable } from '@/components/data-table';
import { useLocale } from '@/components/use-locale';
import { formatDate, formatNumber } from '@/lib/format';
import { downloadLeadsCsv } from '../api/download-leads-csv';
import { useTeamFigures } from '../api/get-team-figures';
import { LoadFailed, Loading } from './parts';

const DailyChart = lazy(() => import('@/components/daily-chart'));

type Row = TeamFigures['members'][number];

const activity = (r: Row) => r.visitors + (r.saves ?? 0) + r.messages;
/** The busiest cards first, then by name: the same order however the server lists them. */
const byActivity = (rows: Row[]) =>
  [...rows].sort((a, b) => activity(b) - activity(a) || (a.name ?? a.cardName).localeCompare(b.name ?? b.cardName));

function Total({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
      <Text size="sm" c="dimmed" lh={1.3}>
        {label}
      </Text>
      <Text fz={{ base: 22, sm: 28 }} fw={700} lh={1.2} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** Exports every message of every team card as a CSV (the mailbox's format). */
function ExportLeads() {
  const { t } = useTranslation('teams');
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  const run = () => {
    setState({ busy: true, error: null });
    downloadLeadsCsv().then(
      () => setState({ busy: false, error: null }),
      (error: unknown) => setState({ busy: false, error }),
    );
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="default" onClick={run} loading={state.busy} data-testid="team-export-leads">
        {t('figures.export')}
      </Button>
      {state.error ? (
        <Text size="sm" c="red" role="alert">
          {apiErrorMessage(state.error, t)}
        </Text>
      ) : null}
    </Stack>
  );
}

function Figures({ figures }: { figures: TeamFigures }) {
  const { t } = useTranslation('teams');
  const locale = useLocale();
  const n = (value: number | null) => (value === null ? t('figures.notCounted') : formatNumber(value, locale));
  const series = [
    { key: 'visitors', label: t('figures.visitors'), color: 'teal.6' },
    ...(figures.savesCounted ? [{ key: 'saves', label: t('figures.saves'), color: 'indigo.6' }] : []),
    { key: 'messages', label: t('figures.messages'), color: 'orange.6' },
  ];
  const days = figures.days.map((d) => ({ day: d.day, counts: { visitors: d.visitors, saves: d.saves ?? 0, messages: d.messages } }));
  const quiet = figures.totals.visitors === 0 && figures.totals.messages === 0 && !figures.totals.saves;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
        <Total label={t('figures.visitors')} value={n(figures.totals.visitors)} testId="team-total-visitors" />
        <Total label={t('figures.saves')} value={n(figures.totals.saves)} testId="team-total-saves" />
        <Total label={t('figures.messages')} value={n(figures.totals.messages)} testId="team-total-messages" />
      </SimpleGrid>
      {figures.savesCounted ? null : (
        <Text size="xs" c="dimmed">
          {t('figures.savesNotCounted')}
        </Text>
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="team-figures-chart-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="team-figures-chart-title">
            {t('figures.chartTitle', { from: formatDate(figures.from, locale, 'UTC'), to: formatDate(figures.to, locale, 'UTC') })}
          </Title>
          {quiet ? (
            <Text size="sm" c="dimmed" py="md" data-testid="team-figures-empty">
              {t('figures.empty')}
            </Text>
          ) : (
            <Suspense fallback={<Skeleton height={240} aria-label={t('loading')} />}>
              <DailyChart
                days={days}
                series={series}
                dayLabel={t('figures.day')}
                caption={t('figures.caption')}
                height={240}
                testId="team-figures-chart"
              />
            </Suspense>
          )}
        </Stack>
      </Paper>
      <DataTable
        caption={t('figures.perCard')}
        columns={[
          {
            key: 'name',
            header: t('figures.member'),
            hideInCard: true,
            cell: (r: Row) => r.name ?? t('figures.noMember', { card: r.cardName }),
          },
          { key: 'card', header: t('figures.card'), cell: (r) => r.cardName },
          { key: 'visitors', header: t('figures.visitors'), cell: (r) => n(r.visitors) },
          { key: 'saves', header: t('figures.saves'), cell: (r) => n(r.saves) },
          { key: 'messages', header: t('figures.messages'), cell: (r) => n(r.messages) },
        ]}
        rows={byActivity(figures.members)}
        rowKey={(r) => r.cardId}
        cardTitle={(r) => <Text fw={600}>{r.name ?? t('figures.noMember', { card: r.cardName })}</Text>}
        isLoading={false}
        error={null}
        onRetry={() => undefined}
        emptyText={t('figures.noCards')}
        testId="team-figures-table"
      />
    </Stack>
  );
}

/** Visitors, saves and messages of the team's cards over 30 days, per card and in total; the leads as CSV. */
export function FiguresPanel() {
  const { t } = useTranslation('teams');
  const figures = useTeamFigures(30);
  return (
    <Stack gap="md" data-testid="team-figures">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 280px' }}>
          {t('figures.intro')}
        </Text>
        <ExportLeads />
      </Group>
      {figures.isPending ? (
        <Loading heights={[80, 260]} />
      ) : figures.isError ? (
        <LoadFailed title={t('figures.loadFailed')} onRetry={() => void figures.refetch()} />
      ) : (
        <Figures figures={figures.data} />
      )}
    </Stack>
  );
}
