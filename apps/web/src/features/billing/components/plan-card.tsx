import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OfferView, PlanView } from '@enlaza/contracts';
import { pricePerPeriod } from '@/components/price-per-period';
import { useLocale } from '@/components/use-locale';
import { formatMoney, formatNumber } from '@/lib/format';
import { QuotaList } from './quota-list';
import { TaxRuleNote } from './tax-rule-note';

/**
 * One plan on /user/plans in the chosen period: its price with and without tax, its quotas, and the
 * way to it (buy now for an upgrade, switch at the period's end for a downgrade).
 */
export function PlanCard({
  plan,
  offer,
  onBuy,
  onSchedule,
}: {
  plan: PlanView;
  /** The plan's offer in the chosen period, if it has one. */
  offer: OfferView | null;
  onBuy: (offer: OfferView) => void;
  onSchedule: (offer: OfferView | null) => void;
}) {
  const { t } = useTranslation(['billing', 'plan', 'admin']);
  const locale = useLocale();
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid={`plan-${plan.code}`}
      style={plan.current ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h3">
            {plan.name}
          </Title>
          {plan.current ? (
            <Badge color="teal" variant="light" data-testid="plan-current">
              {t('plans.current')}
            </Badge>
          ) : null}
        </Group>
        {plan.description ? (
          <Text size="sm" c="dimmed">
            {plan.description}
          </Text>
        ) : null}
        {plan.isFree ? (
          <Text fw={700} size="xl">
            {formatMoney(0, locale)}
          </Text>
        ) : offer ? (
          <div>
            <Text fw={700} size="xl" data-testid="plan-price">
              {offer.perSeat
                ? t('plans.perSeat', {
                    price: pricePerPeriod(t, offer.price.totalCents, offer.period.months, locale, { perSeat: true }),
                    minimum: t('plans.minimumSeats', {
                      count: offer.perSeat.minSeats,
                      formatted: formatNumber(offer.perSeat.minSeats, locale),
                    }),
                  })
                : pricePerPeriod(t, offer.price.totalCents, offer.period.months, locale)}
            </Text>
            <Text size="sm" c="dimmed">
              {t('plans.beforeTax', { amount: formatMoney(offer.price.subtotalCents, locale), tax: offer.price.taxName })}
            </Text>
            {offer.perSeat ? (
              <Text size="sm" data-testid="plan-seats-total">
                {t('plans.seatsTotal', {
                  count: offer.perSeat.seats,
                  formatted: formatNumber(offer.perSeat.seats, locale),
                  price: pricePerPeriod(t, offer.perSeat.total.totalCents, offer.period.months, locale),
                })}
              </Text>
            ) : null}
            <TaxRuleNote rule={offer.price.taxRule} />
          </div>
        ) : (
          <Text size="sm" c="dimmed">
            {t('plans.notInPeriod')}
          </Text>
        )}
        <QuotaList limits={plan.limits} />
        <div style={{ marginTop: 'auto' }}>
          {offer?.current || (plan.current && plan.isFree) ? (
            <Button fullWidth variant="light" disabled>
              {t('plans.yourPlan')}
            </Button>
          ) : offer?.change === 'upgrade' ? (
            <Button
              fullWidth
              onClick={() => onBuy(offer)}
              data-testid="plan-choose"
              // The name starts with what the button shows (WCAG 2.5.3), then says which plan and period.
              aria-label={t(plan.current ? 'plans.switchNowOf' : 'plans.chooseOf', { plan: plan.name, period: offer.period.name })}
            >
              {plan.current ? t('plans.switchNow') : t('plans.choose')}
            </Button>
          ) : offer?.change === 'downgrade' || (plan.isFree && plan.change === 'downgrade') ? (
            <Button fullWidth variant="default" onClick={() => onSchedule(plan.isFree ? null : offer)} data-testid="plan-schedule">
              {t('plans.switchAtEnd')}
            </Button>
          ) : null}
        </div>
      </Stack>
    </Card>
  );
}
