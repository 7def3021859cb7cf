import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProfileStats } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { bcp47 } from '@/lib/language';

/** Visits and link clicks per day, all profiles summed (loaded on its own: the chart library is large). */
export default function VisitsChart({ stats }: { stats: ProfileStats }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const day = new Intl.DateTimeFormat(bcp47(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const data = stats.days.map((d) => ({ day: day.format(new Date(`${d.day}T00:00:00Z`)), visits: d.visits, clicks: d.linkClicks }));

  return (
    <figure style={{ margin: 0 }} data-testid="visits-chart">
      <div aria-hidden>
        <AreaChart
          h={260}
          data={data}
          dataKey="day"
          series={[
            { name: 'visits', label: t('visits.visits'), color: 'teal.6' },
            { name: 'clicks', label: t('visits.clicks'), color: 'indigo.6' },
          ]}
          curveType="monotone"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="y"
          gridAxis="y"
          withDots={false}
          yAxisProps={{ allowDecimals: false, width: 32, domain: [0, 'auto'] }}
          xAxisProps={{ minTickGap: 24 }}
        />
      </div>
      <VisuallyHidden>
        <Table>
          <caption>{t('visits.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('visits.day')}</th>
              <th scope="col">{t('visits.visits')}</th>
              <th scope="col">{t('visits.clicks')}</th>
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
