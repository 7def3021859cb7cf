import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlanLimits } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatBytes, formatNumber } from '@/lib/format';

/** A plan's (or add-on's) quotas, one per line; zero lines are left out when `skipZero`. */
export function QuotaList({ limits, skipZero, plus }: { limits: PlanLimits; skipZero?: boolean; plus?: boolean }) {
  const { t } = useTranslation('billing');
  const locale = useLocale();
  const sign = plus ? '+' : '';
  const rows = [
    { key: 'profiles', value: limits.profiles, text: `${sign}${formatNumber(limits.profiles, locale)}` },
    { key: 'tags', value: limits.tags, text: `${sign}${formatNumber(limits.tags, locale)}` },
    { key: 'storage', value: limits.storageBytes, text: `${sign}${formatBytes(limits.storageBytes, locale)}` },
    { key: 'sends', value: limits.sendsPerMonth, text: `${sign}${formatNumber(limits.sendsPerMonth, locale)}` },
  ].filter((r) => !skipZero || r.value > 0);
  return (
    <List spacing={2} size="sm" listStyleType="none" p={0}>
      {rows.map((r) => (
        <List.Item key={r.key}>
          <Text span fw={600} size="sm">
            {r.text}
          </Text>{' '}
          <Text span size="sm">
            {r.key === 'storage' ? t('quotas.storage') : t(`quotas.${r.key}`, { count: r.value })}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
