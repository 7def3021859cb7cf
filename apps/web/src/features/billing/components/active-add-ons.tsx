import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyPlan } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatDate } from '@/lib/format';
import { QuotaList } from './quota-list';

/** The add-ons of my plan, what each adds and until when, with the way to buy more. */
export function ActiveAddOns({ addOns }: { addOns: MyPlan['subscription']['addOns'] }) {
  const { t } = useTranslation(['billing', 'plan', 'admin']);
  const locale = useLocale();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="myplan-addons">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('addons.active')}
          </Title>
          <Button component={Link} to="/user/paquetes" size="xs" variant="light">
            {t('addons.buy')}
          </Button>
        </Group>
        {addOns.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('addons.none')}
          </Text>
        ) : (
          addOns.map((a) => (
            <Group key={a.id} justify="space-between" wrap="wrap">
              <div>
                <Text fw={600} size="sm">
                  {a.name}
                </Text>
                <QuotaList limits={a.extra} skipZero plus />
              </div>
              {a.validUntil ? (
                <Text size="sm" c="dimmed">
                  {t('addons.validUntil', { date: formatDate(a.validUntil, locale) })}
                </Text>
              ) : null}
            </Group>
          ))
        )}
      </Stack>
    </Card>
  );
}
