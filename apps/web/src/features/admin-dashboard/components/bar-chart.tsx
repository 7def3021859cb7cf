import { BarChart } from '@mantine/charts';
import { Table, VisuallyHidden } from '@mantine/core';

export type BarPoint = { label: string; value: number };

type Props = {
  data: BarPoint[];
  /** Translated by the page: the series name, the two column headers and the table caption. */
  labels: { series: string; x: string; caption: string };
  format: (value: number) => string;
  height: number;
  color: string;
  /** Whole numbers only (a count): no "0.25" ticks on the axis. */
  integers?: boolean;
  testId?: string;
};

/**
 * One series of bars with the same numbers as a table for screen readers. Default export so the
 * page loads it lazily: the chart library stays out of the eagerly loaded bundles.
 */
export default function SimpleBarChart({ data, labels, format, height, color, integers = false, testId }: Props) {
  return (
    <figure style={{ margin: 0 }} data-testid={testId}>
      {/* The picture is for sighted users; the table below is its text alternative. */}
      <div aria-hidden>
        <BarChart
          barChartProps={{ accessibilityLayer: false }}
          h={height}
          data={data}
          dataKey="label"
          series={[{ name: 'value', label: labels.series, color }]}
          tickLine="y"
          // Horizontal lines at the values, the ones a reader follows from a bar to the axis.
          gridAxis="x"
          valueFormatter={format}
          yAxisProps={{ width: 64, allowDecimals: !integers, tickFormatter: (v: number) => format(v) }}
          xAxisProps={{ minTickGap: 16 }}
        />
      </div>
      <VisuallyHidden>
        <Table>
          <caption>{labels.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{labels.x}</th>
              <th scope="col">{labels.series}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((point) => (
              <tr key={point.label}>
                <th scope="row">{point.label}</th>
                <td>{format(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}
