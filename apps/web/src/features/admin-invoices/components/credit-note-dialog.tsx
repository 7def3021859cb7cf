import { NumberInput, Radio, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CORRECTION_CODES,
  creditNoteBodySchema,
  type CorrectionCode,
  type CreditNoteBody,
  type CreditNoteResult,
  type CreditServiceEnd,
  type InvoiceSummary,
} from '@enlaza/contracts';
import { ReasonDialog } from '@/components/reason-dialog';
import { useLocale } from '@/components/use-locale';
import { ApiError } from '@/lib/api-error';
import { contractField } from '@/lib/forms/contract-fields';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useIssueCreditNote } from '../api/invoices';
import { formatCents } from './money';

interface Props {
  invoice: InvoiceSummary | null;
  onClose: () => void;
  onIssued: (note: CreditNoteResult) => void;
}

type Kind = 'gross' | 'base';

interface Values {
  kind: Kind;
  /** In the invoice's currency (cents / 100); empty: all that is left. */
  amount: string | number;
  endService: CreditServiceEnd;
  reason: string;
  code: CorrectionCode;
}
const INITIAL: Values = { kind: 'gross', amount: '', endService: 'now', reason: '', code: 'R1' };

/** The smallest amount the contract takes (in cents), in the currency's units. */
const MIN_AMOUNT = (contractField(creditNoteBodySchema, 'amountCents').min ?? 1) / 100;

const centsOf = (amount: string | number) => (typeof amount === 'number' ? Math.round(amount * 100) : undefined);

/** The request: the amount asked as a total or a base (none: all that is left), and when the service ends if nothing is left. */
function bodyOf(values: Values, left: number): CreditNoteBody {
  const cents = centsOf(values.amount);
  const whole = cents === undefined || (values.kind === 'gross' && cents === left);
  const asked = cents ? (values.kind === 'gross' ? { amountCents: cents } : { baseCents: cents }) : {};
  return { reason: values.reason, correctionCode: values.code, ...asked, ...(whole ? { endService: values.endService } : {}) };
}

/**
 * Issue a credit note: an exact amount with tax or an exact base before tax (empty = all that is
 * left), a reason and its code for the tax record (R1–R4; a simplified invoice's note is always R5),
 * and — when it credits everything left — whether the plan the invoice paid for ends now or when its
 * paid period ends. What was typed stays after an error.
 */
export function CreditNoteDialog({ invoice, onClose, onIssued }: Props) {
  const { t } = useTranslation('admin-invoices');
  const locale = useLocale();
  const mutation = useIssueCreditNote();
  const left = invoice ? invoice.totalCents - invoice.creditedCents : 0;
  const form = useContractForm(creditNoteBodySchema, {
    initialValues: INITIAL,
    toBody: (values) => bodyOf(values, left),
    fieldOf: { amountCents: 'amount', baseCents: 'amount', correctionCode: 'code' },
  });
  const { kind, amount, endService, reason, code } = form.values;
  const set = form.form.setFieldValue;
  const cents = centsOf(amount);
  // The base left is known to the server only: a base is checked there (its error names the most).
  const tooMuch = kind === 'gross' && cents !== undefined && cents > left;
  const whole = cents === undefined || (kind === 'gross' && cents === left);
  const leftText = invoice ? formatCents(left, invoice.currency, locale) : '';

  // The server's refusal of the amount names the most that is left: its message, on the amount.
  const amountFieldError = form.errorOf('amount');
  const amountError =
    amountFieldError && mutation.error instanceof ApiError ? (mutation.error.serverMessage ?? amountFieldError) : amountFieldError;

  const close = () => {
    mutation.reset();
    form.form.reset();
    form.setGeneralError(null);
    onClose();
  };
  const submit = form.onSubmit((_body, values) => {
    if (!invoice || tooMuch) return;
    mutation.mutate(
      { id: invoice.id, body: bodyOf(values, left) },
      {
        onSuccess: (answer) => {
          onIssued(answer.data);
          close();
        },
        onError: form.setServerError,
      },
    );
  });

  return (
    <ReasonDialog
      opened={invoice !== null}
      onClose={close}
      title={t('credit.title', { number: invoice?.number ?? '' })}
      testId="credit-note-dialog"
      reasonField={form.field('reason')}
      reasonLabel={t('credit.reason')}
      reasonTestId="credit-reason"
      generalError={form.generalError}
      pending={mutation.isPending}
      ready={creditNoteBodySchema.shape.reason.safeParse(reason).success && !tooMuch}
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
            onChange={(value) => set('kind', value === 'base' ? 'base' : 'gross')}
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
            onChange={(value) => set('amount', value)}
            min={MIN_AMOUNT}
            max={kind === 'gross' ? left / 100 : undefined}
            decimalScale={2}
            fixedDecimalScale={false}
            allowNegative={false}
            suffix={` ${invoice.currency}`}
            error={tooMuch ? t('credit.tooMuch', { left: leftText }) : amountError}
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
              onChange={(value) => set('code', CORRECTION_CODES.find((c) => c === value) ?? 'R1')}
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
              onChange={(value) => set('endService', value === 'period_end' ? 'period_end' : 'now')}
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
