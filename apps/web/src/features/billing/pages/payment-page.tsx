import { useEffect } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import type { PaymentDetail } from '@enlaza/contracts';
import { PageHeader } from '@/components/page-header';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { ApiError } from '@/lib/api-error';
import { apiErrorMessage } from '@/lib/api-error-message';
import { usePreferences } from '@/lib/api/preferences';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useConfirmPayment, usePayment, usePayPaymentByBizum, useReadyPayment } from '../api/billing';
import { AuthenticationStep } from '../components/authentication-step';
import { PaymentDispute } from '../components/payment-dispute';
import { PaymentOutside } from '../components/payment-outside';
import { PaymentProcessing } from '../components/payment-states';
import { STATUS_COLORS } from '../components/payment-status';
import { LoadError, LoadingRows } from '../components/states';

/**
 * /user/pagos/:paymentId: one payment (the link emailed for a renewal whose charge waits for the
 * customer's authentication, or for them to pay it when no card is charged): amount, what for,
 * status, a dispute of their bank; while it waits, the provider's authentication step (then our server
 * asks the provider for its state again) and, where Redsys offers it, "Pay with Bizum".
 */
export default function PaymentPage() {
  const { t } = useTranslation(['billing', 'admin']);
  usePageTitle(t('payment.title'));
  const { paymentId = '' } = useParams();
  const payment = usePayment(paymentId);
  const confirm = useConfirmPayment();
  const bizum = usePayPaymentByBizum();
  // Stripe's step opens once our server had the payment made ready for it (an off-session charge
  // Stripe refused for want of authentication is confirmed again, now that the customer is here).
  const ready = useReadyPayment();
  const forStripe = payment.data?.payment.status === 'requires_action' && payment.data.nextAction?.provider === 'stripe';
  useEffect(() => {
    if (forStripe && ready.isIdle) ready.mutate(paymentId);
  }, [forStripe, ready, paymentId]);

  // Not mine, or no such payment: the app's "page not found", as for any unknown address (app/route-handle.ts).
  if (payment.error instanceof ApiError && payment.error.status === 404) return <Navigate to="/error-404" replace />;
  // The answer of the confirmation (or of Bizum chosen) is the newest; until then the page's own.
  const detail = confirm.data ?? bizum.data ?? ready.data ?? payment.data;

  return (
    <Stack gap="lg" maw={640} w="100%" data-testid="payment-page">
      <PageHeader title={t('payment.title')} intro={t('payment.intro')} />
      {payment.isPending ? (
        <LoadingRows rows={2} height={96} />
      ) : !detail ? (
        <LoadError onRetry={() => void payment.refetch()} testId="payment-error" />
      ) : (
        <PaymentCard
          detail={detail}
          confirming={confirm.isPending || ready.isPending}
          stepReady={!forStripe || ready.isSuccess}
          confirmError={confirm.error ?? bizum.error ?? ready.error}
          onAuthenticated={() => confirm.mutate(paymentId)}
          choosingBizum={bizum.isPending}
          onBizum={() => bizum.mutate(paymentId)}
        />
      )}
      <Anchor component={Link} to="/user/pagos" size="sm">
        {t('payment.backToList')}
      </Anchor>
    </Stack>
  );
}

function PaymentCard({
  detail: { payment, nextAction, bizum },
  confirming,
  stepReady,
  confirmError,
  onAuthenticated,
  choosingBizum,
  onBizum,
}: {
  detail: PaymentDetail;
  confirming: boolean;
  /** The provider's step can open (Stripe's once the payment was made ready for it). */
  stepReady: boolean;
  confirmError: unknown;
  onAuthenticated: () => void;
  choosingBizum: boolean;
  onBizum: () => void;
}) {
  const { t } = useTranslation(['billing', 'admin']);
  const locale = useLocale();
  const timeZone = usePreferences().data?.timeZone;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <div>
            <Text fw={700} size="xl" data-testid="payment-amount">
              {formatMoney(payment.amountCents, locale)}
            </Text>
            <Text size="sm">{payment.description}</Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(payment.createdAt, locale, timeZone)}
            </Text>
          </div>
          <Stack gap={4} align="flex-end">
            <Badge color={STATUS_COLORS[payment.status]} variant="light" data-testid="payment-status">
              {t(`payments.statuses.${payment.status}`)}
            </Badge>
            <PaymentOutside payment={payment} />
          </Stack>
        </Group>
        <PaymentDispute payment={payment} />
        {payment.status === 'requires_action' && nextAction ? (
          <>
            {stepReady ? (
              <AuthenticationStep nextAction={nextAction} onDone={onAuthenticated} bizum={payment.methodBrand === 'bizum'} />
            ) : null}
            {confirming ? <LoadingRows rows={1} height={8} /> : null}
          </>
        ) : null}
        {payment.status === 'requires_action' && bizum && payment.methodBrand !== 'bizum' ? (
          <Stack gap="xs" align="flex-start" data-testid="payment-bizum">
            {nextAction ? null : <Text size="sm">{t('bizum.waiting')}</Text>}
            <Button variant={nextAction ? 'light' : 'filled'} loading={choosingBizum} onClick={onBizum} data-testid="payment-pay-bizum">
              {t('bizum.payThis')}
            </Button>
          </Stack>
        ) : null}
        {confirmError ? (
          <Alert color="red" role="alert" title={t('payFailed')} data-testid="pay-error">
            {apiErrorMessage(confirmError, t)}
          </Alert>
        ) : null}
        {payment.status === 'succeeded' ? (
          <Alert color="teal" role="status" data-testid="payment-done">
            {t('payment.done')}
          </Alert>
        ) : payment.status === 'processing' ? (
          <PaymentProcessing />
        ) : payment.status === 'failed' ? (
          <Alert color="red" role="alert" title={t('payFailed')} data-testid="payment-failed">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{payment.failureMessage ?? t('payment.failed')}</Text>
              <Button component={Link} to="/user/methods" size="xs" variant="light">
                {t('payment.checkMethods')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
