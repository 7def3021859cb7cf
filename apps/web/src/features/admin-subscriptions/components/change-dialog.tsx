import { NumberInput, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { adminCancelSubscriptionSchema, adminExtendSubscriptionSchema, type AdminSubscriptionSummary } from '@enlaza/contracts';
import { ReasonDialog } from '@/components/reason-dialog';
import { useLocale } from '@/components/use-locale';
import { contractField } from '@/lib/forms/contract-fields';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { formatDate } from '@/lib/format';
import { useChangeSubscription } from '../api/subscriptions';

export type ChangeKind = 'cancel' | 'extend';

interface Values {
  when: 'now' | 'end';
  /** Empty while nothing is typed. */
  days: string | number;
  reason: string;
}
const INITIAL: Values = { when: 'end', days: 7, reason: '' };

/** The bounds of the days, from the contract. */
const DAYS = contractField(adminExtendSubscriptionSchema, 'days');
const daysValid = (days: string | number) => adminExtendSubscriptionSchema.shape.days.safeParse(days).success;

interface Props {
  subscription: AdminSubscriptionSummary;
  kind: ChangeKind | null;
  onClose: () => void;
  onDone: (kind: ChangeKind) => void;
}

/** Cancel (now or at period end) or extend by N days, always with a reason. What was typed stays after an error. */
export function ChangeDialog({ subscription, kind, onClose, onDone }: Props) {
  const { t } = useTranslation('admin-subscriptions');
  const locale = useLocale();
  const mutation = useChangeSubscription();
  const schema = kind === 'extend' ? adminExtendSubscriptionSchema : adminCancelSubscriptionSchema;
  const form = useContractForm(schema, {
    initialValues: INITIAL,
    toBody: ({ when, days, reason }) => (kind === 'extend' ? { days, reason } : { atPeriodEnd: when === 'end', reason }),
  });
  const { when, days, reason } = form.values;
  const validDays = daysValid(days);
  const ready = schema.shape.reason.safeParse(reason).success && (kind === 'cancel' || validDays);

  // The reason is asked again each time; the choice of when and the days stay.
  const close = () => {
    mutation.reset();
    form.form.setFieldValue('reason', '');
    form.form.clearErrors();
    form.setGeneralError(null);
    onClose();
  };
  const submit = form.onSubmit(() => {
    if (!kind || !ready) return;
    const change =
      kind === 'cancel' ? { kind, body: { atPeriodEnd: when === 'end', reason } } : { kind, body: { days: Number(days), reason } };
    mutation.mutate({ id: subscription.id, change }, { onSuccess: () => (onDone(kind), close()), onError: form.setServerError });
  });
  const end = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd, locale) : '—';

  return (
    <ReasonDialog
      opened={kind !== null}
      onClose={close}
      title={kind ? t(`${kind}.title`, { name: subscription.user.name }) : ''}
      testId="subscription-change-dialog"
      reasonField={form.field('reason')}
      reasonLabel={t('reason')}
      reasonHint={t('reasonHint')}
      reasonTestId="change-reason"
      generalError={form.generalError}
      pending={mutation.isPending}
      ready={ready}
      submitLabel={kind ? t(`${kind}.submit`) : ''}
      submitColor={kind === 'cancel' ? 'red' : undefined}
      submitTestId="change-submit"
      onSubmit={submit}
    >
      {kind === 'cancel' ? (
        <Radio.Group label={t('cancel.when')} value={when} onChange={(v) => form.form.setFieldValue('when', v === 'now' ? 'now' : 'end')}>
          <Stack gap="xs" mt="xs">
            <Radio value="end" label={t('cancel.atEnd', { date: end })} data-testid="cancel-at-end" />
            <Radio value="now" label={t('cancel.now')} data-testid="cancel-now" />
          </Stack>
        </Radio.Group>
      ) : (
        <>
          <Text size="sm">{t('extend.intro', { date: end })}</Text>
          <NumberInput
            {...form.field('days')}
            label={t('extend.days')}
            min={DAYS.min}
            max={DAYS.max}
            allowDecimal={false}
            allowNegative={false}
            error={!validDays ? t('extend.daysInvalid') : form.errorOf('days')}
            data-testid="extend-days"
          />
        </>
      )}
    </ReasonDialog>
  );
}
