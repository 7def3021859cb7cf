import { useState } from 'react';
import { NumberInput, Radio, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CORRECTION_CODES,
  type CorrectionCode,
  type CreditNoteBody,
  type CreditNoteResult,
  type CreditServiceEnd,
  type InvoiceSummary,
} from '@enlaza/contracts';
import { fieldErrorsOf, ReasonDialog } from '@/components/reason-dialog';
import { useLocale } from '@/components/use-locale';
import { ApiError } from '@/lib/api-error';
import { useIssueCreditNote } from '../api/invoices';
import { formatCents } from './money';

interface Props {
  invoice: InvoiceSummary | null;
  onClose: () => void;
  onIssued: (note: CreditNoteResult) => void;
}

type Kind = 'gross' | 'base';

/**
 * Issue a credit note: an exact amount with tax or an exact base before tax (empty = all that is
 * left), a reason and its code for the tax record (R1–R4; a simplified invoice's note is always R5),
 * and — when it credits everything left — whether the plan the invoice paid for ends now or when its
 * paid period ends. What was typed stays after an error.
 */
export function CreditNoteDialog({ invoice, onClose, onIssued }: Props) {
  const { t } = useTranslation('admin-invoices');
  const locale = useLocale();
  const [kind, setKind] = useState<Kind>('gross');
  const [amount, setAmount] = useState<string | number>('');
  const [endService, setEndService] = useState<CreditServiceEnd>('now');
  const [reason, setReason] = useState('');
  const [code, setCode] = useState<CorrectionCode>('R1');
  const mutation = useIssueCreditNote();
  const left = invoice ? invoice.totalCents - invoice.creditedCents : 0;
  const fields = fieldErrorsOf(mutation.error);
  const field = kind === 'gross' ? 'amountCents' : 'baseCents';
  const cents = typeof amount === 'number' ? Math.round(amount * 100) : undefined;
  // The base left is known to the server only: a base is checked there (its error names the most).
  const tooMuch = kind === 'gross' && cents !== undefined && cents > left;
  const whole = cents === undefined || (kind === 'gross' && cents === left);
  const leftText = invoice ? formatCents(left, invoice.currency, locale) : '';

  const close = () => {
    mutation.reset();
    setKind('gross');
    setAmount('');
    setEndService('now');
    setReason('');
    setCode('R1');
    onClose();
  };
  const submit = () => {
    if (!invoice || tooMuch) return;
    const asked = cents ? (kind === 'gross' ? { amountCents: cents } : { baseCents: cents }) : {};
    const body: CreditNoteBody = { reason, correctionCode: code, ...asked, ...(whole ? { endService } : {}) };
    mutation.mutate(
      { id: invoice.id, body },
      {
        onSuccess: (answer) => {
          onIssued(answer.data);
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
      errorFields={['amountCents', 'baseCents']}
      pending={mutation.isPending}
      ready={reason.trim().length >= 3 && !tooMuch}
      submitLabel={t('credit.submit')}
      submitColor="red"
      submitTestId="credit-submit"
      onSubmit={submit}
    >
      {invoice ? (
        <Stack gap="sm">
          <Text size="sm">{t('credit.intro', { left: leftText, customer: invoice.customerName })}</Text>
          <SegmentedControl
            value={kind}
            onChange={(value) => setKind(value === 'base' ? 'base' : 'gross')}
            data={[
              { value: 'gross', label: t('credit.kindGross') },
              { value: 'base', label: t('credit.kindBase') },
            ]}
            aria-label={t('credit.kind')}
            data-testid="credit-kind"
          />
          <NumberInput
            label={kind === 'gross' ? t('credit.amount') : t('credit.base')}
            description={t('credit.amountHint', { left: leftText })}
            value={amount}
            onChange={setAmount}
            min={0.01}
            max={kind === 'gross' ? left / 100 : undefined}
            decimalScale={2}
            fixedDecimalScale={false}
            allowNegative={false}
            suffix={` ${invoice.currency}`}
            error={
              tooMuch
                ? t('credit.tooMuch', { left: leftText })
                : fields[field]?.[0] && mutation.error instanceof ApiError
                  ? mutation.error.serverMessage
                  : undefined
            }
            data-testid="credit-amount"
          />
          {invoice.invoiceType === 'F2' ? (
            <Text size="sm" data-testid="credit-simplified">
              {t('credit.simplified')}
            </Text>
          ) : (
            <Select
              label={t('credit.correction')}
              description={t('credit.correctionHint')}
              value={code}
              onChange={(value) => setCode(CORRECTION_CODES.find((c) => c === value) ?? 'R1')}
              data={CORRECTION_CODES.map((c) => ({ value: c, label: t(`credit.codes.${c}`) }))}
              allowDeselect={false}
              data-testid="credit-correction"
            />
          )}
          {whole ? (
            <Radio.Group
              label={t('credit.endService')}
              description={t('credit.endServiceHint')}
              value={endService}
              onChange={(value) => setEndService(value === 'period_end' ? 'period_end' : 'now')}
              data-testid="credit-end-service"
            >
              <Stack gap={4} mt={4}>
                <Radio value="now" label={t('credit.endNow')} />
                <Radio value="period_end" label={t('credit.endAtPeriodEnd')} />
              </Stack>
            </Radio.Group>
          ) : null}
        </Stack>
      ) : null}
    </ReasonDialog>
  );
}
