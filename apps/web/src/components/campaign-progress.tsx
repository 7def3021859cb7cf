import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CampaignFigures } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatNumber } from '@/lib/format';

/** Settled recipients (sent, failed, bounced, skipped) of all: the progress of a campaign. */
export function settledPercent(f: CampaignFigures): number {
  if (f.recipients === 0) return 0;
  return Math.floor(((f.recipients - f.pending) * 100) / f.recipients);
}

export function CampaignProgress({ figures, compact = false }: { figures: CampaignFigures; compact?: boolean }) {
  const { t } = useTranslation('campaigns');
  const locale = useLocale();
  const percent = settledPercent(figures);
  const label = t('progress', {
    done: formatNumber(figures.recipients - figures.pending, locale),
    count: figures.recipients,
    formatted: formatNumber(figures.recipients, locale),
    percent,
  });
  return (
    <Stack gap={4}>
      {/* The bar inside is the progressbar (named by aria-label, with its value); the root only holds it. */}
      <Progress value={percent} size={compact ? 'sm' : 'lg'} aria-label={label} data-testid="campaign-progress" data-percent={percent} />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
    </Stack>
  );
}
