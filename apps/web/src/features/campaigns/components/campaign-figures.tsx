import { Box, Group, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CampaignFigures as Figures } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatNumber } from '@/lib/format';

const KEYS = ['recipients', 'sent', 'failed', 'bounced', 'opened', 'clicked', 'unsubscribed'] as const;
const BARS = ['sent', 'opened', 'clicked', 'unsubscribed', 'bounced', 'failed'] as const;
const BAR_COLORS: Record<(typeof BARS)[number], string> = {
  sent: 'teal',
  opened: 'blue',
  clicked: 'violet',
  unsubscribed: 'orange',
  bounced: 'red',
  failed: 'red',
};

/**
 * The figures, unique per recipient, and a small bar chart of them (its text alternative is the list
 * above it). Without tracking, opens and clicks are not known: they are left out rather than shown as 0.
 */
export function CampaignFigures({ figures, tracked = true }: { figures: Figures; tracked?: boolean }) {
  const { t } = useTranslation('campaigns');
  const locale = useLocale();
  const counted = (key: string) => tracked || (key !== 'opened' && key !== 'clicked');
  const of = (n: number) => (figures.recipients ? Math.round((n * 100) / figures.recipients) : 0);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
        {KEYS.filter(counted).map((key) => (
          <Paper key={key} withBorder p="xs" radius="md" data-testid={`figure-${key}`}>
            <Text component="dt" size="xs" c="dimmed">
              {t(`figures.${key}`)}
            </Text>
            <Text component="dd" m={0} fw={700} size="lg">
              {formatNumber(figures[key], locale)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <figure style={{ margin: 0 }}>
        <VisuallyHidden component="figcaption">
          {t(tracked ? 'chartAlt' : 'chartAltUntracked', {
            sent: figures.sent,
            opened: figures.opened,
            clicked: figures.clicked,
            recipients: figures.recipients,
          })}
        </VisuallyHidden>
        <Stack gap={6} aria-hidden>
          {BARS.filter(counted).map((key) => (
            <Group key={key} gap="xs" wrap="nowrap">
              <Text size="xs" w={110} style={{ flexShrink: 0 }}>
                {t(`figures.${key}`)}
              </Text>
              <Box style={{ flex: 1, background: 'var(--mantine-color-default-border)', borderRadius: 4, height: 10 }}>
                <Box
                  style={{
                    width: `${of(figures[key])}%`,
                    background: `var(--mantine-color-${BAR_COLORS[key]}-filled)`,
                    borderRadius: 4,
                    height: 10,
                  }}
                />
              </Box>
              <Text size="xs" w={40} ta="right">
                {of(figures[key])} %
              </Text>
            </Group>
          ))}
        </Stack>
      </figure>
      {tracked && figures.machineOpens + figures.machineClicks > 0 ? (
        <Text size="xs" c="dimmed" data-testid="figure-machines">
          {t('machines', {
            opens: formatNumber(figures.machineOpens, locale),
            clicks: formatNumber(figures.machineClicks, locale),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
