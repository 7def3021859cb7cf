import { Modal, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { adminRecordDisputeSchema, DISPUTE_REASONS, type AdminSubscriptionDetail } from '@enlaza/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ModalForm } from '@/components/modal-form';
import { SelectField } from '@/components/select-field';
import { useLocale } from '@/components/use-locale';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { formatMoney } from '@/lib/format';
import { useChargeback } from '../api/subscriptions';

type Payment = AdminSubscriptionDetail['payments'][number];
type Dispute = NonNullable<Payment['dispute']>;

/** Euros typed as the viewer's language writes them (€108.90, 108,90 €). */
function moneyInputFormat(locale: string) {
  const sample = formatMoney(10_000, locale as Parameters<typeof formatMoney>[1]);
  const decimalSeparator = /,\d{2}\D*$/.test(sample) ? ',' : '.';
  const thousandSeparator = decimalSeparator === ',' ? '.' : ',';
  return sample.trim().startsWith('€')
    ? { prefix: '€', decimalSeparator, thousandSeparator }
    : { suffix: ' €', decimalSeparator, thousandSeparator };
}

/** The bank's chargeback of a payment, as its letter gives it: the reference, the amount taken back, the reason and when to answer. */
export function RecordChargebackDialog({
  subscriptionId,
  payment,
  onClose,
}: {
  subscriptionId: string;
  payment: Payment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-subscriptions');
  return (
    <Modal
      opened={payment !== null}
      onClose={onClose}
      title={t('chargeback.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('chargeback.close') }}
    >
      {payment ? <ChargebackForm key={payment.id} subscriptionId={subscriptionId} payment={payment} onClose={onClose} /> : null}
    </Modal>
  );
}

function ChargebackForm({ subscriptionId, payment, onClose }: { subscriptionId: string; payment: Payment; onClose: () => void }) {
  const { t } = useTranslation('admin-subscriptions');
  const locale = useLocale();
  const { record } = useChargeback(subscriptionId);
  const form = useContractForm(adminRecordDisputeSchema, {
    initialValues: { reference: '', amount: payment.amountCents / 100, reason: 'fraudulent', evidenceDueBy: '' },
    toBody: ({ reference, amount, reason, evidenceDueBy }) => ({
      reference,
      amountCents: Math.round(Number(amount) * 100),
      reason,
      evidenceDueBy: evidenceDueBy || null,
    }),
    fieldOf: { amountCents: 'amount' },
    messages: { reference: t('chargeback.errors.reference'), amountCents: t('chargeback.errors.amount') },
  });
  const submit = form.onSubmit((body) =>
    record.mutate({ paymentId: payment.id, body }, { onSuccess: onClose, onError: form.setServerError }),
  );
  return (
    <ModalForm
      onSubmit={submit}
      testId="chargeback-form"
      error={form.generalError}
      cancelLabel={t('chargeback.cancel')}
      onCancel={onClose}
      submitLabel={t('chargeback.submit')}
      pending={record.isPending}
      submitTestId="chargeback-submit"
    >
      <p style={{ margin: 0 }}>{t('chargeback.intro', { amount: formatMoney(payment.amountCents, locale) })}</p>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput {...form.field('reference')} label={t('chargeback.reference')} data-autofocus data-testid="chargeback-reference" />
        <NumberInput
          {...form.field('amount')}
          label={t('chargeback.amount')}
          min={0.01}
          max={payment.amountCents / 100}
          decimalScale={2}
          fixedDecimalScale
          allowNegative={false}
          {...moneyInputFormat(locale)}
          data-testid="chargeback-amount"
        />
        <SelectField
          label={t('chargeback.reason')}
          value={form.values.reason}
          onChange={(reason) => form.form.setFieldValue('reason', reason)}
          error={form.errorOf('reason')}
          data={DISPUTE_REASONS.map((reason) => ({ value: reason, label: t(`dispute.reasons.${reason}`) }))}
          data-testid="chargeback-reason"
        />
        <TextInput
          {...form.field('evidenceDueBy')}
          type="date"
          label={t('chargeback.dueBy')}
          description={t('chargeback.dueByHint')}
          data-testid="chargeback-due-by"
        />
      </SimpleGrid>
    </ModalForm>
  );
}

/** The bank's decision on a recorded chargeback: returned to the customer (lost) or kept (won). */
export function ChargebackDecisionDialog({
  subscriptionId,
  decision,
  onClose,
}: {
  subscriptionId: string;
  decision: { dispute: Dispute; outcome: 'won' | 'lost' } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['admin-subscriptions', 'common']);
  const locale = useLocale();
  const { close } = useChargeback(subscriptionId);
  const dismiss = () => {
    close.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={decision !== null}
      title={decision ? t(`chargeback.${decision.outcome}.title`) : ''}
      confirmLabel={decision ? t(`chargeback.${decision.outcome}.confirm`) : ''}
      danger={decision?.outcome === 'lost'}
      loading={close.isPending}
      error={close.error ? apiErrorMessage(close.error, t) : null}
      onConfirm={() => {
        if (decision) close.mutate({ disputeId: decision.dispute.id, body: { outcome: decision.outcome } }, { onSuccess: dismiss });
      }}
      onClose={dismiss}
    >
      {decision ? t(`chargeback.${decision.outcome}.body`, { amount: formatMoney(decision.dispute.amountCents, locale) }) : null}
    </ConfirmDialog>
  );
}
