import { useState } from 'react';
import { NumberInput, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminSubscriptionSummary } from '@enlaza/contracts';
import { fieldErrorsOf, ReasonDialog } from '@/components/reason-dialog';
import { useLocale } from '@/components/use-locale';
import { formatDate } from '@/lib/format';
import { useChangeSubscription } from '../api/subscriptions';

export type ChangeKind = 'cancel' | 'extend';

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
  const [when, setWhen] = useState<'now' | 'end'>('end');
  const [days, setDays] = useState<string | number>(7);
  const [reason, setReason] = useState('');
  const mutation = useChangeSubscription();
  const fields = fieldErrorsOf(mutation.error);
  const validDays = typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= 366;
  const ready = reason.trim().length >= 3 && (kind === 'cancel' || validDays);

  const close = () => {
    mutation.reset();
    setReason('');
    onClose();
  };
  const submit = () => {
    if (!kind || !ready) return;
    const change =
      kind === 'cancel' ? { kind, body: { atPeriodEnd: when === 'end', reason } } : { kind, body: { days: Number(days), reason } };
    mutation.mutate({ id: subscription.id, change }, { onSuccess: () => (onDone(kind), close()) });
  };
  const end = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd, locale) : '—';

  return (
    <ReasonDialog
      opened={kind !== null}
      onClose={close}
      title={kind ? t(`${kind}.title`, { name: subscription.user.name }) : ''}
      testId="subscription-change-dialog"
      reason={reason}
      onReasonChange={setReason}
      reasonLabel={t('reason')}
      reasonHint={t('reasonHint')}
      reasonTestId="change-reason"
      error={mutation.error}
      errorFields={['days']}
      pending={mutation.isPending}
      ready={ready}
      submitLabel={kind ? t(`${kind}.submit`) : ''}
      submitColor={kind === 'cancel' ? 'red' : undefined}
      submitTestId="change-submit"
      onSubmit={submit}
    >
      {kind === 'cancel' ? (
        <Radio.Group label={t('cancel.when')} value={when} onChange={(v) => setWhen(v === 'now' ? 'now' : 'end')}>
          <Stack gap="xs" mt="xs">
            <Radio value="end" label={t('cancel.atEnd', { date: end })} data-testid="cancel-at-end" />
            <Radio value="now" label={t('cancel.now')} data-testid="cancel-now" />
          </Stack>
        </Radio.Group>
      ) : (
        <>
          <Text size="sm">{t('extend.intro', { date: end })}</Text>
          <NumberInput
            label={t('extend.days')}
            value={days}
            onChange={setDays}
            min={1}
            max={366}
            allowDecimal={false}
            allowNegative={false}
            required
            error={!validDays ? t('extend.daysInvalid') : fields.days?.[0]}
            data-testid="extend-days"
          />
        </>
      )}
    </ReasonDialog>
  );
}
