import type { ProfileStats } from '@enlaza/contracts';
import DailyChart from './daily-chart';

export type VisitsChartLabels = { visitors: string; clicks: string; day: string; caption: string };

type Props = {
  stats: ProfileStats;
  /** Translated by the calling page (its own namespace). */
  labels: VisitsChartLabels;
  height: number;
  testId?: string;
};

/**
 * Unique visitors and link clicks per day (the dashboard, a card's view). Default export so pages
 * load it with `lazy(() => import('@/components/visits-chart'))`: the chart library is large and
 * must stay out of the eagerly loaded bundles.
 */
export default function VisitsChart({ stats, labels, height, testId }: Props) {
  return (
    <DailyChart
      days={stats.days.map((d) => ({ day: d.day, counts: { visitors: d.visitors, clicks: d.linkClicks } }))}
      series={[
        { key: 'visitors', label: labels.visitors, color: 'teal.6' },
        { key: 'clicks', label: labels.clicks, color: 'indigo.6' },
      ]}
      dayLabel={labels.day}
      caption={labels.caption}
      height={height}
      testId={testId}
    />
  );
}
