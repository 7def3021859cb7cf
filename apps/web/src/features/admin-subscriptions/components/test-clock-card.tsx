import { useState } from 'react';
import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/components/api-error-message';
import { useLocale } from '@/components/use-locale';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useAdvanceTestClock, useTestClock } from '../api/subscriptions';

const FIGURES = ['renewed', 'failed', 'reminded', 'expired', 'cancelled'] as const;

/** The sandbox's test clock: shown only when the server has it enabled. Advancing runs what fell due. */
export function TestClockCard() {
  const { t } = useTranslation(['admin-subscriptions']);
  const locale = useLocale();
  const clock = useTestClock();
  const advance = useAdvanceTestClock();
  const [days, setDays] = useState<string | number>(30);
  if (!clock.data?.enabled) return null;
  const valid = typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= 400;
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
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (valid) advance.mutate(Number(days));
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NumberInput
              label={t('clock.days')}
              value={days}
              onChange={setDays}
              min={1}
              max={400}
              allowDecimal={false}
              allowNegative={false}
              error={valid ? undefined : t('clock.daysInvalid')}
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
        {advance.isError ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(advance.error, t)}
          </Alert>
        ) : null}
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
