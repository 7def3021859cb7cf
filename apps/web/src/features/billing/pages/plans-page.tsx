import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CheckoutResult, OfferView, PlanView } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { formatDate, formatMoney } from '@/lib/format';
import { checkoutQuoteOptions, useCheckout, useCheckoutQuote, usePlanAction, usePlans, type PayWith } from '../api/billing';
import { PayDialog } from '../components/pay-dialog';
import { PlanCard } from '../components/plan-card';
import { LoadError, LoadingRows } from '../components/states';

type Buying = { plan: PlanView; offer: OfferView };
type Scheduling = { plan: PlanView; offer: OfferView | null };

/** /user/plans: the offers for my account type by plan, a period switch, prices with and without tax, quotas side by side. */
export default function PlansPage() {
  const { t } = useTranslation(['billing', 'plan', 'admin']);
  usePageTitle(t('plans.title'));
  const plans = usePlans();
  const [periodCode, setPeriodCode] = useState<string | null>(null);
  const [buying, setBuying] = useState<Buying | null>(null);
  const [scheduling, setScheduling] = useState<Scheduling | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const periods = plans.data?.periods ?? [];
  const currentPeriod = plans.data?.plans.flatMap((p) => p.offers).find((o) => o.current)?.period.code;
  const period = periodCode ?? currentPeriod ?? periods[0]?.code ?? null;

  return (
    <Stack gap="lg" w="100%" data-testid="plans-page">
      <PageHeader title={t('plans.title')} intro={t('plans.intro')} />
      {done ? (
        <Alert
          color="teal"
          role="status"
          data-testid="plans-done"
          withCloseButton
          onClose={() => setDone(null)}
          closeButtonLabel={t('admin:close')}
        >
          <Group gap="sm">
            <Text size="sm">{done}</Text>
            <Button component={Link} to="/user/myplan" size="xs" variant="light">
              {t('plans.seeMyPlan')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {plans.isPending ? (
        <LoadingRows rows={3} height={220} />
      ) : plans.isError ? (
        <LoadError onRetry={() => void plans.refetch()} testId="plans-error" />
      ) : (
        <>
          {periods.length > 1 ? (
            <SegmentedControl
              value={period ?? ''}
              onChange={setPeriodCode}
              data={periods.map((p) => ({ value: p.code, label: p.name }))}
              aria-label={t('plans.period')}
              style={{ alignSelf: 'flex-start' }}
              data-testid="plans-period"
            />
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" data-testid="plans-grid">
            {plans.data.plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                offer={plan.offers.find((o) => o.period.code === period) ?? null}
                onBuy={(offer) => setBuying({ plan, offer })}
                onSchedule={(offer) => setScheduling({ plan, offer })}
              />
            ))}
          </SimpleGrid>
        </>
      )}
      <BuyPlanDialog buying={buying} onClose={() => setBuying(null)} onPaid={setDone} />
      <ScheduleChangeDialog scheduling={scheduling} onClose={() => setScheduling(null)} />
    </Stack>
  );
}

/** Buying an offer now: the server's quote (tax, what is credited to the balance), then the payment. */
function BuyPlanDialog({ buying, onClose, onPaid }: { buying: Buying | null; onClose: () => void; onPaid: (message: string) => void }) {
  const { t } = useTranslation(['billing', 'plan']);
  const locale = useLocale();
  const queryClient = useQueryClient();
  // The promotion code applied (its discount is in the quote), for this opening of the dialog.
  const [code, setCode] = useState<string | null>(null);
  const quote = useCheckoutQuote(buying?.offer.id ?? null, code);
  const checkout = useCheckout();
  // Closed, the last attempt is forgotten: the next one opens without its error or its code.
  const close = () => {
    checkout.reset();
    setCode(null);
    onClose();
  };

  const pay = (payWith: PayWith, idempotencyKey: string) => {
    if (!buying) return Promise.reject(new Error('nothing to buy'));
    return checkout.mutateAsync({ offerId: buying.offer.id, ...payWith, idempotencyKey, ...(code ? { promotionCode: code } : {}) });
  };
  const promotion = {
    applied: code,
    discount: quote.data?.discount ?? null,
    // The quote with the code is asked first: a refused code changes nothing here.
    apply: async (typed: string) => {
      if (!buying) return;
      await queryClient.fetchQuery(checkoutQuoteOptions(buying.offer.id, typed));
      setCode(typed);
    },
    remove: () => setCode(null),
  };
  const paid = (result: CheckoutResult) => {
    if (!buying) return;
    close();
    const amount = formatMoney(result.payment.amountCents, locale);
    const message =
      result.payment.status === 'processing'
        ? t('plans.paidProcessing', { plan: buying.plan.name, amount })
        : t('plans.paid', { plan: buying.plan.name, amount });
    onPaid(message);
    notify('success', message);
  };

  return (
    <PayDialog
      opened={buying !== null}
      title={buying ? t('plans.confirmTitle', { plan: buying.plan.name, period: buying.offer.period.name }) : ''}
      lines={quote.data?.lines ?? null}
      price={quote.data?.price ?? null}
      note={
        quote.data
          ? [
              t('plans.activeUntil', { date: formatDate(quote.data.periodEnd, locale) }),
              quote.data.creditToBalanceCents > 0
                ? t('plans.toBalance', { amount: formatMoney(quote.data.creditToBalanceCents, locale) })
                : null,
            ]
              .filter(Boolean)
              .join(' ')
          : undefined
      }
      quoteError={quote.error}
      missing={quote.data?.missing}
      requote={async () => (await quote.refetch()).data?.price ?? null}
      pay={pay}
      onPaid={paid}
      promotion={promotion}
      onClose={close}
    />
  );
}

/** A cheaper plan (or Free) from the end of the period: asked once, then scheduled. */
function ScheduleChangeDialog({ scheduling, onClose }: { scheduling: Scheduling | null; onClose: () => void }) {
  const { t } = useTranslation(['billing', 'plan']);
  const locale = useLocale();
  const action = usePlanAction();
  const close = () => {
    action.reset();
    onClose();
  };

  const schedule = () => {
    if (!scheduling) return;
    const mutation = scheduling.offer ? { kind: 'downgrade' as const, offerId: scheduling.offer.id } : { kind: 'cancel' as const };
    action.mutate(mutation, {
      onSuccess: (plan) => {
        close();
        notify(
          'success',
          t('plans.scheduled', { date: plan.subscription.periodEnd ? formatDate(plan.subscription.periodEnd, locale) : '' }),
        );
      },
    });
  };

  return (
    <ConfirmDialog
      opened={scheduling !== null}
      title={t('plans.scheduleTitle', { plan: scheduling?.plan.name ?? '' })}
      confirmLabel={t('plans.switchAtEnd')}
      loading={action.isPending}
      error={action.isError ? apiErrorMessage(action.error, t) : null}
      onConfirm={schedule}
      onClose={close}
    >
      {t('plans.scheduleBody')}
    </ConfirmDialog>
  );
}
