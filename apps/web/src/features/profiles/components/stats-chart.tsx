import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProfileStats } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { bcp47 } from '@/lib/language';

/** Visits and link clicks per day (loaded on its own: the chart library is large). */
export default function StatsChart({ stats }: { stats: ProfileStats }) {
  const { t } = useTranslation('profiles');
  const locale = useLocale();
  const day = new Intl.DateTimeFormat(bcp47(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const data = stats.days.map((d) => ({ day: day.format(new Date(`${d.day}T00:00:00Z`)), visits: d.visits, clicks: d.linkClicks }));

  return (
    <figure style={{ margin: 0 }}>
      <div aria-hidden>
        <AreaChart
          h={240}
          data={data}
          dataKey="day"
          series={[
            { name: 'visits', label: t('view.visits'), color: 'teal.6' },
            { name: 'clicks', label: t('view.clicks'), color: 'indigo.6' },
          ]}
          curveType="monotone"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="y"
          gridAxis="y"
          withDots={false}
          yAxisProps={{ allowDecimals: false, width: 32 }}
          xAxisProps={{ minTickGap: 24 }}
        />
      </div>
      <VisuallyHidden>
        <Table>
          <caption>{t('view.chartCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('view.day')}</th>
              <th scope="col">{t('view.visits')}</th>
              <th scope="col">{t('view.clicks')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{d.visits}</td>
                <td>{d.clicks}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}
