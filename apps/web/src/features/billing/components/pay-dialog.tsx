import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BillingDetailField, CheckoutResult, PriceQuote } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { FormGeneralError } from '@/components/form-general-error';
import { useLocale } from '@/components/use-locale';
import { ApiError } from '@/lib/api-error';
import { formatMoney } from '@/lib/format';
import { useBillingDetails, useMethods, usePaymentProvider, useSaveBillingDetails, type PayWith } from '../api/billing';
import { AddMethod } from './add-method';
import { AddMethodButtons } from './add-method-buttons';
import { AuthenticationStep } from './authentication-step';
import { BillingDetailsFields, useBillingDetailsForm } from './billing-details-fields';
import { MethodChoice, PaySummary } from './pay-summary';
import { PaymentProcessing } from './payment-states';
import { PromotionCodeField, type PromotionCodeProps } from './promotion-code-field';
import { usePaymentAttempt } from './use-payment-attempt';

type Props = {
  opened: boolean;
  title: string;
  lines: { description: string; amountCents: number }[] | null;
  price: PriceQuote | null;
  /** Shown under the lines (e.g. "active until …"). */
  note?: string;
  quoteError?: unknown;
  /** What this purchase's invoice needs that is missing (the quote says); else the account type's needs. */
  missing?: BillingDetailField[];
  /** The price again after the billing details changed (the VAT follows where the buyer is). */
  requote?: () => Promise<PriceQuote | null>;
  /**
   * Charges with the method (or Bizum, once on the provider's page) and our idempotency key; the same
   * key again answers the payment's current state (after 3-D Secure), never a second charge.
   */
  pay: (payWith: PayWith, idempotencyKey: string) => Promise<CheckoutResult>;
  /** Paid (or, for a SEPA debit, accepted): the page closes the dialog and says so. */
  onPaid: (result: CheckoutResult) => void;
  onClose: () => void;
  /** "Have a code?": a promotion code applied asks the quote again with it (none: no field). */
  promotion?: PromotionCodeProps;
};

/** The choice of Bizum among the saved methods (never a method's id). */
const BIZUM = 'bizum';

/** A refusal that asks for the tax id and address (the invoice needs them). */
const asksForDetails = (error: unknown) =>
  error instanceof ApiError && (error.code === 'billing.details_required' || error.code === 'billing.tax_id_required');

/** The form checked as on submit: its body, or null (the errors are then on the fields). */
function checked<B>(
  onSubmit: (handler: (body: B) => void) => (event?: FormEvent<HTMLFormElement>) => void,
  event?: FormEvent<HTMLFormElement>,
) {
  let body: B | null = null;
  onSubmit((b) => {
    body = b;
  })(event);
  return body as B | null;
}

/**
 * Confirm a payment: what is bought, the total with tax, the billing details the invoice needs
 * when they are missing, the method (or a new one, added through the provider's component), and one
 * "Pay" button. When the details change the VAT, the new total is shown before anything is charged.
 * A payment that waits for the customer (3-D Secure) opens the provider's authentication, then the
 * same request is sent again with the same key; a SEPA debit ends "processing" (the plan is active).
 */
export function PayDialog(props: Props) {
  const { t } = useTranslation('admin');
  const { opened, title, onClose } = props;
  // Its content mounts at each opening: a new attempt, with a new key and nothing of the last one.
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('close') }} size="md">
      {opened ? <PayDialogBody {...props} /> : null}
    </Modal>
  );
}

function PayDialogBody({ lines, price, note, quoteError, missing, requote, pay, onPaid, onClose, promotion }: Props) {
  const { t } = useTranslation(['billing', 'admin']);
  const locale = useLocale();
  const methods = useMethods();
  const provider = usePaymentProvider();
  const details = useBillingDetails();
  const saveDetails = useSaveBillingDetails();
  const detailsForm = useBillingDetailsForm(details.data);
  const [methodId, setMethodId] = useState<string | null>(null);
  const [newTotal, setNewTotal] = useState<number | null>(null);
  const { stage, setStage, paying, error: payError, charge } = usePaymentAttempt({ pay, onPaid });
  // A method the provider detached cannot be charged: not offered.
  const list = (methods.data ?? []).filter((m) => m.usable);
  // Bizum, where the provider offers it, pays this purchase once on its page (never saved, never renewed automatically).
  const bizum = provider.data?.bizum === true;
  const chosen =
    methodId === BIZUM && bizum
      ? BIZUM
      : methodId && list.some((m) => m.id === methodId)
        ? methodId
        : (list.find((m) => m.isDefault)?.id ?? list[0]?.id ?? (bizum ? BIZUM : null));
  const needed = missing ?? details.data?.missing ?? [];
  // A refusal for missing details (the server's check) asks for them too.
  const showDetails = (needed.length > 0 || asksForDetails(payError)) && details.isSuccess;
  const kinds = provider.data?.methodKinds ?? [];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNewTotal(null);
    const detailsBody = showDetails ? checked(detailsForm.onSubmit, event) : null;
    if (showDetails && !detailsBody) return;
    if (detailsBody) {
      const saved = await saveDetails.mutateAsync(detailsBody).catch((error: unknown) => detailsForm.setServerError(error));
      if (!saved) return;
      // Where the buyer is decides the VAT: a total that moved is shown before anything is charged.
      const fresh = requote ? await requote() : null;
      if (fresh && price && fresh.totalCents !== price.totalCents) {
        setNewTotal(fresh.totalCents);
        return;
      }
    }
    if (chosen) await charge(chosen === BIZUM ? { bizum: true } : { methodId: chosen });
  };

  const failure =
    payError && !asksForDetails(payError)
      ? payError instanceof ApiError || !(payError instanceof Error) || !payError.message
        ? apiErrorMessage(payError, t)
        : payError.message
      : null;

  if (stage.kind === 'add')
    return (
      <AddMethod
        kind={stage.method}
        withDefault={list.length > 0}
        submitLabel={t('methods.saveAndUse')}
        onSaved={(method) => {
          setMethodId(method.id);
          setStage({ kind: 'form' });
        }}
        onCancel={() => setStage({ kind: 'form' })}
      />
    );
  if (stage.kind === 'authenticate')
    return (
      <Stack gap="md">
        <PaySummary lines={lines} price={price} note={note} />
        <AuthenticationStep
          nextAction={stage.nextAction}
          bizum={'bizum' in stage.payWith}
          onDone={() => void charge(stage.payWith, stage.key)}
        />
        {paying ? <Skeleton height={8} aria-label={t('authenticate.checking')} /> : null}
      </Stack>
    );
  if (stage.kind === 'processing')
    return (
      <Stack gap="md">
        <PaymentProcessing />
        <Group justify="flex-end">
          <Button onClick={() => onPaid(stage.result)} data-testid="pay-processing-close">
            {t('admin:close')}
          </Button>
        </Group>
      </Stack>
    );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="pay-dialog">
      <Stack gap="md">
        <PaySummary lines={lines} price={price} note={note} quoteError={quoteError} discounted={Boolean(promotion?.discount)} />
        {promotion && !quoteError ? <PromotionCodeField {...promotion} /> : null}
        {newTotal !== null ? (
          <Alert color="yellow" role="status" data-testid="pay-total-changed">
            {t('details.totalChanged', { amount: formatMoney(newTotal, locale) })}
          </Alert>
        ) : null}
        {showDetails ? <BillingDetailsFields form={detailsForm} details={details.data} /> : null}
        <FormGeneralError error={detailsForm.generalError} title={t('details.notSaved')} testId="pay-details-error" />
        {methods.isPending ? (
          <Skeleton height={40} />
        ) : methods.isError ? (
          <Alert color="red" role="alert">
            {t('methods.error')}
          </Alert>
        ) : list.length === 0 && !bizum ? (
          <Stack gap="xs" data-testid="pay-no-method">
            <Text size="sm">{t('methods.noneToPay')}</Text>
            <AddMethodButtons kinds={kinds} variant="light" onAdd={(kind) => setStage({ kind: 'add', method: kind })} />
          </Stack>
        ) : (
          <MethodChoice
            methods={list}
            bizum={bizum ? BIZUM : null}
            chosen={chosen}
            onChoose={setMethodId}
            kinds={kinds}
            onAdd={(kind) => setStage({ kind: 'add', method: kind })}
          />
        )}
        {failure ? (
          <Alert color="red" role="alert" title={t('payFailed')} data-testid="pay-error">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('admin:cancel')}
          </Button>
          <Button
            type="submit"
            disabled={!chosen || !price || Boolean(quoteError)}
            loading={paying || saveDetails.isPending}
            data-testid="pay-confirm"
          >
            {price ? t('payAmount', { amount: formatMoney(newTotal ?? price.totalCents, locale) }) : t('pay')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
