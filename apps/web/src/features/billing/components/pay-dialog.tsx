import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BillingDetailField, PriceQuote } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { FormGeneralError } from '@/components/form-general-error';
import { useLocale } from '@/components/use-locale';
import { ApiError } from '@/lib/api-error';
import { formatMoney } from '@/lib/format';
import { newIdempotencyKey, useAddMethod, useBillingDetails, useMethods, useSaveBillingDetails } from '../api/billing';
import { BillingDetailsFields, useBillingDetailsForm } from './billing-details-fields';
import { CardFields, useCardForm } from './card-form';
import { MethodChoice, PaySummary, TestCardsNote } from './pay-summary';

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
  paying: boolean;
  payError: unknown;
  onPay: (methodId: string, idempotencyKey: string) => void;
  onClose: () => void;
};

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
 * when they are missing, the card (or a new one), and one "Pay" button that saves what was typed
 * and charges. When the details change the VAT, the new total is shown before anything is charged.
 */
export function PayDialog({ opened, title, lines, price, note, quoteError, missing, requote, paying, payError, onPay, onClose }: Props) {
  const { t } = useTranslation(['billing', 'admin']);
  const locale = useLocale();
  const methods = useMethods();
  const details = useBillingDetails(opened);
  const saveDetails = useSaveBillingDetails();
  const addMethod = useAddMethod();
  const detailsForm = useBillingDetailsForm(details.data);
  const cardForm = useCardForm();
  const [methodId, setMethodId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [newTotal, setNewTotal] = useState<number | null>(null);
  // One key per attempt: kept while the dialog is open so a double click pays once; a new one after a failure.
  const key = useRef(newIdempotencyKey());
  useEffect(() => {
    if (opened) key.current = newIdempotencyKey();
  }, [opened]);
  useEffect(() => {
    if (payError) key.current = newIdempotencyKey();
  }, [payError]);
  const list = methods.data ?? [];
  const chosen = methodId && list.some((m) => m.id === methodId) ? methodId : (list.find((m) => m.isDefault)?.id ?? list[0]?.id ?? null);
  const showCard = adding || (methods.isSuccess && list.length === 0);
  const needed = missing ?? details.data?.missing ?? [];
  // A refusal for missing details (the server's check) asks for them too.
  const showDetails = (needed.length > 0 || asksForDetails(payError)) && details.isSuccess;
  const busy = paying || saveDetails.isPending || addMethod.isPending;

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNewTotal(null);
    const detailsBody = showDetails ? checked(detailsForm.onSubmit, event) : null;
    const detailsReady = !showDetails || detailsBody !== null;
    // Every field in error is shown at once; the first of the details keeps the focus.
    const cardBody = showCard ? checked(cardForm.onSubmit, detailsReady ? event : undefined) : null;
    if (!detailsReady || (showCard && !cardBody)) return;
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
    let id = chosen;
    if (cardBody) {
      const method = await addMethod.mutateAsync(cardBody).catch((error: unknown) => cardForm.setServerError(error));
      if (!method) return;
      setMethodId(method.id);
      setAdding(false);
      cardForm.form.setValues({ number: '', cvc: '' });
      id = method.id;
    }
    if (id) onPay(id, key.current);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('admin:close') }} size="md">
      <form onSubmit={(event) => void pay(event)} noValidate data-testid="pay-dialog">
        <Stack gap="md">
          <PaySummary lines={lines} price={price} note={note} quoteError={quoteError} />
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
          ) : showCard ? (
            <Stack gap="sm" data-testid="card-form">
              <TestCardsNote />
              <CardFields form={cardForm} withDefault={list.length > 0} />
              {list.length > 0 ? (
                <Button variant="subtle" size="compact-sm" onClick={() => setAdding(false)} style={{ alignSelf: 'flex-start' }}>
                  {t('card.useSaved')}
                </Button>
              ) : null}
            </Stack>
          ) : (
            <MethodChoice methods={list} chosen={chosen} onChoose={setMethodId} onAdd={() => setAdding(true)} />
          )}
          <FormGeneralError error={cardForm.generalError} title={t('card.notSaved')} testId="card-error" />
          {payError && !asksForDetails(payError) ? (
            <Alert color="red" role="alert" title={t('payFailed')} data-testid="pay-error">
              {apiErrorMessage(payError, t)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('admin:cancel')}
            </Button>
            <Button
              type="submit"
              disabled={(!chosen && !showCard) || !price || Boolean(quoteError)}
              loading={busy}
              data-testid="pay-confirm"
            >
              {price ? t('payAmount', { amount: formatMoney(newTotal ?? price.totalCents, locale) }) : t('pay')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
