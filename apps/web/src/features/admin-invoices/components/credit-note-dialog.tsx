import { useState } from 'react';
import { NumberInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceSummary } from '@enlaza/contracts';
import { fieldErrorsOf, ReasonDialog } from '@/components/reason-dialog';
import { useLocale } from '@/components/use-locale';
import { ApiError } from '@/lib/api-error';
import { useIssueCreditNote } from '../api/invoices';
import { formatCents } from './money';

interface Props {
  invoice: InvoiceSummary | null;
  onClose: () => void;
  onIssued: (number: string) => void;
}

/** Issue a credit note: an amount with tax (empty = all that is left) and a reason. What was typed stays after an error. */
export function CreditNoteDialog({ invoice, onClose, onIssued }: Props) {
  const { t } = useTranslation('admin-invoices');
  const locale = useLocale();
  const [amount, setAmount] = useState<string | number>('');
  const [reason, setReason] = useState('');
  const mutation = useIssueCreditNote();
  const left = invoice ? invoice.totalCents - invoice.creditedCents : 0;
  const fields = fieldErrorsOf(mutation.error);
  const amountCents = typeof amount === 'number' ? Math.round(amount * 100) : undefined;
  const tooMuch = amountCents !== undefined && amountCents > left;

  const close = () => {
    mutation.reset();
    setAmount('');
    setReason('');
    onClose();
  };
  const submit = () => {
    if (!invoice || tooMuch) return;
    mutation.mutate(
      { id: invoice.id, body: { reason, ...(amountCents ? { amountCents } : {}) } },
      {
        onSuccess: (answer) => {
          onIssued(answer.data.number);
          close();
        },
      },
    );
  };

  return (
    <ReasonDialog
      opened={invoice !== null}
      onClose={close}
      title={t('credit.title', { number: invoice?.number ?? '' })}
      testId="credit-note-dialog"
      reason={reason}
      onReasonChange={setReason}
      reasonLabel={t('credit.reason')}
      reasonTestId="credit-reason"
      error={mutation.error}
      errorFields={['amountCents']}
      pending={mutation.isPending}
      ready={reason.trim().length >= 3 && !tooMuch}
      submitLabel={t('credit.submit')}
      submitColor="red"
      submitTestId="credit-submit"
      onSubmit={submit}
    >
      {invoice ? (
        <>
          <Text size="sm">{t('credit.intro', { left: formatCents(left, invoice.currency, locale), customer: invoice.customerName })}</Text>
          <NumberInput
            label={t('credit.amount')}
            description={t('credit.amountHint', { left: formatCents(left, invoice.currency, locale) })}
            value={amount}
            onChange={setAmount}
            min={0.01}
            max={left / 100}
            decimalScale={2}
            fixedDecimalScale={false}
            allowNegative={false}
            suffix={` ${invoice.currency}`}
            error={
              tooMuch
                ? t('credit.tooMuch', { left: formatCents(left, invoice.currency, locale) })
                : fields.amountCents?.[0] && mutation.error instanceof ApiError
                  ? mutation.error.serverMessage
                  : undefined
            }
            data-testid="credit-amount"
          />
        </>
      ) : null}
    </ReasonDialog>
  );
}
