import { AreaChart } from '@mantine/charts';
import { Table, VisuallyHidden } from '@mantine/core';
import { useLocale } from '@/components/use-locale';
import { formatNumber } from '@/lib/format';
import { bcp47 } from '@/lib/language';

/** One line of the chart: its key in each day's counts, its translated name and its palette colour. */
export type DailySeries = { key: string; label: string; color: string };

export type DailyChartProps = {
  /** Every day of the range, oldest first (`YYYY-MM-DD`), with a count per series. */
  days: { day: string; counts: Record<string, number> }[];
  series: DailySeries[];
  /** Translated by the calling page (its own namespace): the day column's header and the table's caption. */
  dayLabel: string;
  caption: string;
  height: number;
  testId?: string;
};

/**
 * Counts per day as an area chart, with the same numbers as a table for screen readers. Default
 * export so pages load it with `lazy(() => import('@/components/daily-chart'))`: the chart library
 * is large and must stay out of the eagerly loaded bundles.
 */
export default function DailyChart({ days, series, dayLabel, caption, height, testId }: DailyChartProps) {
  const locale = useLocale();
  const format = new Intl.DateTimeFormat(bcp47(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const data = days.map((d) => ({ day: format.format(new Date(`${d.day}T00:00:00Z`)), ...d.counts }));

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
          series={series.map((s) => ({ name: s.key, label: s.label, color: s.color }))}
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
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{dayLabel}</th>
              {series.map((s) => (
                <th scope="col" key={s.key}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((d, i) => (
              <tr key={days[i]!.day}>
                <th scope="row">{d.day}</th>
                {series.map((s) => (
                  <td key={s.key}>{formatNumber(days[i]!.counts[s.key] ?? 0, locale)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}
