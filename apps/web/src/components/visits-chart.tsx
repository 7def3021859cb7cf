import { AreaChart } from '@mantine/charts';
import { Table, VisuallyHidden } from '@mantine/core';
import type { ProfileStats } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatNumber } from '@/lib/format';
import { bcp47 } from '@/lib/language';

export type VisitsChartLabels = { visitors: string; clicks: string; day: string; caption: string };

type Props = {
  stats: ProfileStats;
  /** Translated by the calling page (its own namespace). */
  labels: VisitsChartLabels;
  height: number;
  testId?: string;
};

/**
 * Unique visitors and link clicks per day, with the same numbers as a table for screen readers. Default
 * export so pages load it with `lazy(() => import('@/components/visits-chart'))`: the chart
 * library is large and must stay out of the eagerly loaded bundles.
 */
export default function VisitsChart({ stats, labels, height, testId }: Props) {
  const locale = useLocale();
  const day = new Intl.DateTimeFormat(bcp47(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const data = stats.days.map((d) => ({ day: day.format(new Date(`${d.day}T00:00:00Z`)), visitors: d.visitors, clicks: d.linkClicks }));

  return (
    <figure style={{ margin: 0 }} data-testid={testId}>
      {/* The picture is for sighted users (the table below is its text alternative): hidden from
          assistive technology, so nothing in it may take focus (Recharts' keyboard layer is off). */}
      <div aria-hidden>
        <AreaChart
          areaChartProps={{ accessibilityLayer: false }}
          h={height}
          data={data}
          dataKey="day"
          series={[
            { name: 'visitors', label: labels.visitors, color: 'teal.6' },
            { name: 'clicks', label: labels.clicks, color: 'indigo.6' },
          ]}
          curveType="monotone"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="y"
          gridAxis="y"
          withDots={false}
          valueFormatter={(value) => formatNumber(value, locale)}
          yAxisProps={{ allowDecimals: false, width: 32, domain: [0, 'auto'] }}
          xAxisProps={{ minTickGap: 24 }}
        />
      </div>
      <VisuallyHidden>
        <Table>
          <caption>{labels.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{labels.day}</th>
              <th scope="col">{labels.visitors}</th>
              <th scope="col">{labels.clicks}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{formatNumber(d.visitors, locale)}</td>
                <td>{formatNumber(d.clicks, locale)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}
