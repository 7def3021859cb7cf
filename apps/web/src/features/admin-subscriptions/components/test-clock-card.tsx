import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { testClockAdvanceSchema } from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { useLocale } from '@/components/use-locale';
import { contractField } from '@/lib/forms/contract-fields';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useAdvanceTestClock, useTestClock } from '../api/subscriptions';

const FIGURES = ['renewed', 'failed', 'reminded', 'expired', 'cancelled'] as const;
/** The bounds of the days, from the contract. */
const DAYS = contractField(testClockAdvanceSchema, 'days');
/** Days are empty ('') while nothing is typed. */
const INITIAL: { days: string | number } = { days: 30 };

/** The sandbox's test clock: shown only when the server has it enabled. Advancing runs what fell due. */
export function TestClockCard() {
  const { t } = useTranslation(['admin-subscriptions']);
  const locale = useLocale();
  const clock = useTestClock();
  const advance = useAdvanceTestClock();
  const form = useContractForm(testClockAdvanceSchema, {
    initialValues: INITIAL,
  });
  if (!clock.data?.enabled) return null;
  const valid = testClockAdvanceSchema.shape.days.safeParse(form.values.days).success;
  const ran = advance.data?.ran;

  return (
    <Card withBorder padding="lg" radius="md" data-testid="test-clock-card">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('clock.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('clock.intro')}
        </Text>
        <Text>
          {t('clock.now')}{' '}
          <Text span fw={600} data-testid="test-clock-now">
            {formatDateTime(clock.data.now, locale, 'UTC')}
          </Text>
        </Text>
        <form noValidate onSubmit={form.onSubmit(({ days }) => advance.mutate(days, { onError: form.setServerError }))}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NumberInput
              {...form.field('days')}
              label={t('clock.days')}
              min={DAYS.min}
              max={DAYS.max}
              allowDecimal={false}
              allowNegative={false}
              error={valid ? form.errorOf('days') : t('clock.daysInvalid')}
              style={{ flex: '0 1 10rem' }}
              data-testid="test-clock-days"
            />
            <Button type="submit" loading={advance.isPending} disabled={!valid} data-testid="test-clock-advance">
              {t('clock.advance')}
            </Button>
          </Group>
        </form>
        {advance.isPending ? (
          <Text size="sm" role="status">
            {t('clock.running')}
          </Text>
        ) : null}
        <FormGeneralError error={form.generalError} />
        {ran ? (
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" role="status" data-testid="test-clock-result">
            {FIGURES.map((key) => (
              <div key={key}>
                <Text size="xs" c="dimmed">
                  {t(`clock.ran.${key}`)}
                </Text>
                <Text fw={600}>{formatNumber(ran[key], locale)}</Text>
              </div>
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
    </Card>
  );
}
