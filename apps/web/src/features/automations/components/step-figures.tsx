import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AutomationStepFigures } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatNumber } from '@/lib/format';

const KEYS = ['sent', 'opened', 'clicked', 'skipped', 'waiting'] as const;

/** A step's figures, unique per person, and how many wait for it now. */
export function StepFigures({ figures, position }: { figures: AutomationStepFigures; position: number }) {
  const { t } = useTranslation('automations');
  const locale = useLocale();
  return (
    <Stack gap={6}>
      <SimpleGrid
        cols={{ base: 3, xs: 5 }}
        spacing="xs"
        component="dl"
        m={0}
        aria-label={t('figures.label', { n: position })}
        data-testid="step-figures"
      >
        {KEYS.map((key) => (
          <Paper key={key} withBorder px="xs" py={4} radius="sm" data-testid={`step-figure-${key}`}>
            <Text component="dt" size="xs" c="dimmed">
              {t(`figures.${key}`)}
            </Text>
            <Text component="dd" m={0} fw={700}>
              {formatNumber(figures[key], locale)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {figures.waiting > 0 ? (
        <Text size="sm" data-testid="step-waiting">
          {t('figures.waitingNow', { count: figures.waiting, formatted: formatNumber(figures.waiting, locale) })}
        </Text>
      ) : null}
    </Stack>
  );
}
