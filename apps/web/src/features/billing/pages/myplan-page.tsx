import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { PlanUsageCard } from '@/components/plan-usage-card';
import { pricePerPeriod } from '@/components/price-per-period';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import type { MyPlan } from '@enlaza/contracts';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { useMyPlan, usePlanAction } from '../api/billing';
import { ActiveAddOns } from '../components/active-add-ons';
import { LoadError, LoadingRows } from '../components/states';
import { methodSummary } from '../lib/method-summary';

type Action = 'cancel' | 'resume' | 'undoDowngrade';

/** /user/myplan: status, period, renewal, usage meters, add-ons; cancel/resume; the pending downgrade. */
export default function MyPlanPage() {
  const { t } = useTranslation(['billing', 'plan', 'admin']);
  usePageTitle(t('myplan.title'));
  const locale = useLocale();
  const myPlan = useMyPlan();
  const action = usePlanAction();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const data = myPlan.data;
  const sub = data?.subscription;

  const run = (kind: Action) =>
    action.mutate(
      { kind },
      {
        onSuccess: () => {
          setConfirming(null);
          notify('success', t(`myplan.done.${kind}`));
        },
        onError: (e) => notify('error', apiErrorMessage(e, t)),
      },
    );

  return (
    <Stack gap="lg" maw={880} w="100%" data-testid="myplan-page">
      <PageHeader
        title={t('myplan.title')}
        intro={t('myplan.intro')}
        actions={
          <Button component={Link} to="/user/plans" data-testid="myplan-change">
            {t('myplan.changePlan')}
          </Button>
        }
      />
      {myPlan.isPending ? (
        <LoadingRows rows={2} height={160} />
      ) : myPlan.isError || !data || !sub ? (
        <LoadError onRetry={() => void myPlan.refetch()} testId="myplan-error" />
      ) : (
        <>
          <PlanSummary
            plan={data}
            busy={action.isPending}
            onResume={() => run('resume')}
            onUndoDowngrade={() => setConfirming('undoDowngrade')}
            onCancel={() => setConfirming('cancel')}
          />
          <PlanUsageCard testId="myplan-usage" />
          <ActiveAddOns addOns={sub.addOns} />
        </>
      )}
      <ConfirmDialog
        opened={confirming === 'cancel' || confirming === 'undoDowngrade'}
        title={confirming === 'cancel' ? t('myplan.cancelTitle') : t('myplan.undoDowngradeTitle')}
        confirmLabel={confirming === 'cancel' ? t('myplan.cancelConfirm') : t('myplan.undoDowngrade')}
        // Two "Cancel" buttons would read alike: the one that changes nothing keeps the plan.
        {...(confirming === 'cancel' ? { cancelLabel: t('myplan.keepPlan') } : {})}
        danger={confirming === 'cancel'}
        loading={action.isPending}
        error={action.isError ? apiErrorMessage(action.error, t) : null}
        onConfirm={() => confirming && run(confirming)}
        onClose={() => setConfirming(null)}
      >
        {confirming === 'cancel'
          ? t('myplan.cancelBody', { date: sub?.periodEnd ? formatDate(sub.periodEnd, locale) : '' })
          : t('myplan.undoDowngradeBody')}
      </ConfirmDialog>
    </Stack>
  );
}

/** The plan's billing: its status and price, seats, period, renewal and balance; a pending end or downgrade, and the way out. */
function PlanSummary({
  plan: data,
  busy,
  onResume,
  onUndoDowngrade,
  onCancel,
}: {
  plan: MyPlan;
  busy: boolean;
  onResume: () => void;
  onUndoDowngrade: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['billing', 'plan']);
  const locale = useLocale();
  const sub = data.subscription;
  const paid = Boolean(sub.plan && data.offer);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="myplan-summary">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h3">
            {t('myplan.billing')}
          </Title>
          <Text size="sm">{t(`plan:statuses.${sub.status}`)}</Text>
        </Group>
        <PlanTerms plan={data} />
        {sub.cancelAtPeriodEnd && sub.periodEnd ? (
          <Alert color="orange" data-testid="myplan-cancelled">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('myplan.endsOn', { date: formatDate(sub.periodEnd, locale) })}</Text>
              <Button size="xs" onClick={onResume} loading={busy} data-testid="myplan-resume">
                {t('myplan.resume')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {data.pendingChange ? (
          <Alert color="blue" data-testid="myplan-pending">
            <Group justify="space-between" gap="sm">
              <Text size="sm">
                {t('myplan.pending', {
                  plan: data.pendingChange.planName,
                  period: data.pendingChange.periodName,
                  date: data.pendingChange.effectiveAt ? formatDate(data.pendingChange.effectiveAt, locale) : '',
                })}
              </Text>
              <Button size="xs" variant="light" onClick={onUndoDowngrade} data-testid="myplan-undo-downgrade">
                {t('myplan.undoDowngrade')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {paid && !sub.cancelAtPeriodEnd ? (
          <Group>
            <Button variant="subtle" color="red" onClick={onCancel} data-testid="myplan-cancel">
              {t('myplan.cancel')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/** What the plan costs and covers: price (or free), seats, the current period, the next renewal and any credit. */
function PlanTerms({ plan: data }: { plan: MyPlan }) {
  const { t } = useTranslation(['billing', 'plan']);
  const locale = useLocale();
  const sub = data.subscription;
  return (
    <>
      {data.offer ? (
        <Text size="sm" data-testid="myplan-price">
          {t('myplan.price', {
            price: pricePerPeriod(t, data.offer.price.totalCents, data.offer.months, locale, { perSeat: data.seats !== null }),
            beforeTax: formatMoney(data.offer.price.subtotalCents, locale),
          })}
        </Text>
      ) : (
        <Text size="sm">{t('myplan.free')}</Text>
      )}
      {data.seats ? (
        <Text size="sm" data-testid="myplan-seats">
          {t('myplan.seats', {
            billed: formatNumber(data.seats.billed, locale),
            inUse: formatNumber(data.seats.inUse, locale),
            minimum: formatNumber(data.seats.minSeats, locale),
          })}
          {data.seats.atRenewal !== null && data.renewsAt
            ? ` ${t('myplan.seatsAtRenewal', { seats: formatNumber(data.seats.atRenewal, locale), date: formatDate(data.renewsAt, locale) })}`
            : ''}
        </Text>
      ) : null}
      {sub.periodStart ? (
        <Text size="sm">
          {sub.periodEnd
            ? t('myplan.period', { start: formatDate(sub.periodStart, locale), end: formatDate(sub.periodEnd, locale) })
            : t('myplan.since', { start: formatDate(sub.periodStart, locale) })}
        </Text>
      ) : null}
      {data.renewsAt ? (
        <Text size="sm" data-testid="myplan-renews">
          {t('myplan.renews', {
            date: formatDate(data.renewsAt, locale),
            card: data.defaultMethod ? methodSummary(t, data.defaultMethod) : t('myplan.noCard'),
          })}
        </Text>
      ) : null}
      {data.creditBalanceCents > 0 ? (
        <Text size="sm" data-testid="myplan-balance">
          {t('myplan.balance', { amount: formatMoney(data.creditBalanceCents, locale) })}
        </Text>
      ) : null}
    </>
  );
}
