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
import { useConfirmPayment, usePayment } from '../api/billing';
import { AuthenticationStep } from '../components/authentication-step';
import { PaymentProcessing } from '../components/payment-states';
import { STATUS_COLORS } from '../components/payment-status';
import { LoadError, LoadingRows } from '../components/states';

/**
 * /user/pagos/:paymentId: one payment (the link emailed for a renewal whose charge waits for the
 * customer's authentication): amount, what for, status; while it waits, the provider's
 * authentication step, then our server asks the provider for its state again.
 */
export default function PaymentPage() {
  const { t } = useTranslation(['billing', 'admin']);
  usePageTitle(t('payment.title'));
  const { paymentId = '' } = useParams();
  const payment = usePayment(paymentId);
  const confirm = useConfirmPayment();

  // Not mine, or no such payment: the app's "page not found", as for any unknown address (app/route-handle.ts).
  if (payment.error instanceof ApiError && payment.error.status === 404) return <Navigate to="/error-404" replace />;
  // The answer of the confirmation is the newest; until then the page's own.
  const detail = confirm.data ?? payment.data;

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
          confirming={confirm.isPending}
          confirmError={confirm.error}
          onAuthenticated={() => confirm.mutate(paymentId)}
        />
      )}
      <Anchor component={Link} to="/user/pagos" size="sm">
        {t('payment.backToList')}
      </Anchor>
    </Stack>
  );
}

function PaymentCard({
  detail: { payment, nextAction },
  confirming,
  confirmError,
  onAuthenticated,
}: {
  detail: PaymentDetail;
  confirming: boolean;
  confirmError: unknown;
  onAuthenticated: () => void;
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
          <Badge color={STATUS_COLORS[payment.status]} variant="light" data-testid="payment-status">
            {t(`payments.statuses.${payment.status}`)}
          </Badge>
        </Group>
        {payment.status === 'requires_action' && nextAction ? (
          <>
            <AuthenticationStep nextAction={nextAction} onDone={onAuthenticated} />
            {confirming ? <LoadingRows rows={1} height={8} /> : null}
          </>
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
