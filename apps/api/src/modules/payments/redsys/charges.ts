import { randomBytes } from 'node:crypto';
import {
  GatewayError,
  HTTPError,
  randomTransactionId,
  type RedirectInputParams,
  type RedsysAPI,
  type RestTrataPeticionInputParams,
  type RestTrataPeticionOutputParams,
} from 'redsys-easy';
import { ProviderIdempotencyError, ProviderRetryableError } from '../providers/errors.js';
import {
  BIZUM_METHOD_REF,
  redsysResponseStatus,
  type RedsysRedirectForm,
  type RedsysResult,
  type RedsysSettings,
} from '../providers/redsys-protocol.js';
import type { RedsysQuery } from '../providers/redsys-query.js';
import type { ChargeInput, DeclineReason, PaymentOutcome } from '../providers/types.js';
import type { RedsysOrder, RedsysOrders } from './orders.js';

/** What the provider's parts share (providers/redsys.ts builds it). */
export type RedsysContext = {
  api: RedsysAPI;
  orders: RedsysOrders;
  settings: RedsysSettings;
  /** Asks Redsys' query service what became of an operation (providers/redsys-query.ts). */
  query: RedsysQuery;
  /** The fields every request carries: merchant, terminal, order, euros, our notification URL. */
  base: (
    order: string,
  ) => Pick<
    RestTrataPeticionInputParams,
    'DS_MERCHANT_MERCHANTCODE' | 'DS_MERCHANT_TERMINAL' | 'DS_MERCHANT_ORDER' | 'DS_MERCHANT_CURRENCY' | 'DS_MERCHANT_MERCHANTURL'
  >;
  redirectForm: (params: RedirectInputParams) => RedsysRedirectForm;
  /** Our return pages Redsys sends the browser back to (it appends the signed result). */
  returnUrls: (what: 'setup' | 'payment', ref: string) => { DS_MERCHANT_URLOK: string; DS_MERCHANT_URLKO: string };
};

const reasonOf = (row: RedsysOrder): DeclineReason => (row.data.reason as DeclineReason | undefined) ?? 'processing_error';

/** A payment row's state as the provider interface's outcome. */
export function outcomeOf(row: RedsysOrder): PaymentOutcome {
  switch (row.status) {
    case 'succeeded':
      return { status: 'succeeded', ref: row.id };
    case 'failed':
      return { status: 'failed', ref: row.id, reason: reasonOf(row) };
    case 'requires_action':
      return { status: 'requires_action', ref: row.id, clientSecret: JSON.stringify(row.data.form ?? null) };
    default:
      // Sent, no answer yet: the notification (or the next attempt with the same order) tells.
      return { status: 'processing', ref: row.id };
  }
}

/**
 * Whether Redsys made the refund of a row left pending, whose answer (and notification) were lost:
 * Redsys takes a refund sent again under the same order as a second one (refunds are not refused as
 * repeated orders), so before sending it again its query service is asked for the order's refunds.
 * Redsys having finished more successful refunds of this amount than this app has recorded as done
 * means one of them is this row's: answers that one. Still in progress at Redsys, or the query
 * failing: nothing is sent (a retryable error: asked again later). Otherwise null: send it.
 */
async function refundAlreadyMade(
  { query, orders }: Pick<RedsysContext, 'query' | 'orders'>,
  row: RedsysOrder,
  order: string,
): Promise<RedsysResult | null> {
  let known: Awaited<ReturnType<RedsysQuery>>;
  try {
    known = await query(order, '3');
  } catch (error) {
    const reason = (error as Error).message;
    throw new ProviderRetryableError(`could not ask Redsys whether refund ${row.id} under order ${order} was made: ${reason}`, {
      cause: error,
    });
  }
  if (!known.found) return null;
  const ofAmount = known.operations.filter((o) => Number(o.result.Ds_Amount) === row.amountCents);
  if (ofAmount.some((o) => o.state !== 'F'))
    throw new ProviderRetryableError(`Redsys has a refund of order ${order} still in progress: asked again later`);
  const made = ofAmount.filter((o) => redsysResponseStatus(o.result.Ds_Response).status === 'succeeded');
  const recorded = (await orders.ofOrder(order)).filter(
    (r) => r.kind === 'refund' && r.status === 'succeeded' && r.amountCents === row.amountCents,
  );
  return made.length > recorded.length ? made[recorded.length]!.result : null;
}

/**
 * Charges and refunds at Redsys: REST authorisations with the saved card's token (merchant-initiated
 * off session), Bizum and authentications on Redsys' page, refunds (transaction type 3). One
 * idempotency key is one row and one order number; a key whose request got no answer is sent again
 * with the same order number (Redsys refuses a repeated order: SIS0051, never a second charge), and
 * then Redsys' query service tells what became of the first attempt.
 */
export function createRedsysCharges({ api, orders, settings, query, base, redirectForm, returnUrls }: RedsysContext) {
  const current = async (row: RedsysOrder) => outcomeOf((await orders.byId(row.id))!);

  /** Moves a payment to Redsys' page under a new order (the customer authenticates there, or pays with Bizum). */
  async function toPaymentPage(row: RedsysOrder, params: { token?: string; bizum?: boolean; response: string | null }) {
    const order = randomTransactionId();
    const form = redirectForm({
      ...base(order),
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_AMOUNT: String(row.amountCents),
      ...(params.token ? { DS_MERCHANT_IDENTIFIER: params.token, DS_MERCHANT_PAYMETHODS: 'C' } : {}),
      ...(params.bizum ? { DS_MERCHANT_PAYMETHODS: 'z' } : {}),
      ...returnUrls('payment', row.id),
    });
    await orders.settle(row.id, 'requires_action', params.response, { form }, order);
    return current(row);
  }

  /** Settles a row with what Redsys answered of its operation (the REST answer, or the query's report of it). */
  async function applyAnswer(
    row: RedsysOrder,
    answer: Pick<RestTrataPeticionOutputParams, 'Ds_Response' | 'Ds_AuthorisationCode'>,
    token?: string,
  ) {
    const verdict = redsysResponseStatus(answer.Ds_Response);
    const response = answer.Ds_Response ?? null;
    if (verdict.status === 'requires_action' && row.kind === 'payment') return toPaymentPage(row, { token, response });
    if (verdict.status === 'succeeded')
      await orders.settle(row.id, 'succeeded', response, { authorisation: answer.Ds_AuthorisationCode ?? null });
    else await orders.settle(row.id, 'failed', response, { reason: verdict.status === 'failed' ? verdict.reason : 'processing_error' });
    return current(row);
  }

  /**
   * SIS0051: Redsys has this order already (our earlier attempt arrived, its answer did not). It is never
   * sent again; Redsys' query service tells what became of it. A finished operation settles the row as
   * its lost answer would have (`orders.settle`, which moves a row on from pending once, so the
   * notification, if it still comes, changes nothing). Unknown to the query, still in progress, or the
   * query itself failing: the row stays pending and the caller retries later (the notification, or the
   * next query, tells). Refunds are not asked about: several may share their payment's order number.
   */
  async function repeatedOrder(row: RedsysOrder, params: RestTrataPeticionInputParams, token: string | undefined, cause: unknown) {
    const order = params.DS_MERCHANT_ORDER;
    if (row.kind !== 'payment') throw new ProviderRetryableError(`Redsys already has order ${order}: its notification tells`, { cause });
    let known: Awaited<ReturnType<RedsysQuery>>;
    try {
      known = await query(order, params.DS_MERCHANT_TRANSACTIONTYPE);
    } catch (error) {
      throw new ProviderRetryableError(`Redsys already has order ${order} and its query failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (!known.found || !known.final)
      throw new ProviderRetryableError(
        `Redsys already has order ${order} (${known.found ? `still in state ${known.state}` : 'its query does not find it yet'}): its notification tells`,
        { cause },
      );
    // The operation Redsys reports is the one this row sent, or it is not this row's answer.
    if (Number(known.result.Ds_Amount) !== Number(params.DS_MERCHANT_AMOUNT))
      throw new ProviderRetryableError(
        `Redsys reports order ${order} for ${known.result.Ds_Amount ?? 'no amount'}, not ${params.DS_MERCHANT_AMOUNT}: left pending`,
        { cause },
      );
    return applyAnswer(row, known.result, token);
  }

  /** Sends a REST operation; a failure whose effect is unknown is a ProviderRetryableError (the row stays pending). */
  async function send(row: RedsysOrder, params: RestTrataPeticionInputParams, token?: string): Promise<PaymentOutcome> {
    let answer: RestTrataPeticionOutputParams;
    try {
      answer = await api.restTrataPeticion(params);
    } catch (error) {
      // SIS0051: Redsys has this order already (our earlier attempt arrived, its answer did not): never a
      // second charge; Redsys' query tells what became of it.
      if (error instanceof GatewayError && error.code === 'SIS0051') return repeatedOrder(row, params, token, error);
      if (error instanceof GatewayError) {
        await orders.settle(row.id, 'failed', error.code ?? null, { reason: 'processing_error', error: error.code ?? null });
        return current(row);
      }
      if (error instanceof HTTPError && (error.code ?? 500) < 500) throw error;
      throw new ProviderRetryableError(`Redsys did not answer order ${params.DS_MERCHANT_ORDER}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    return applyAnswer(row, answer, token);
  }

  async function charge(input: ChargeInput): Promise<PaymentOutcome> {
    const bizum = input.methodRef === BIZUM_METHOD_REF;
    // Bizum is paid by the customer on Redsys' page: never off session (a renewal emails the link instead).
    if (bizum && (input.offSession || !settings.bizum)) return { status: 'failed', ref: null, reason: 'card_declined' };
    const existing = await orders.byKey(input.idempotencyKey);
    if (existing && (existing.amountCents !== input.amountCents || existing.kind !== 'payment')) throw new ProviderIdempotencyError();
    const order = existing?.order ?? randomTransactionId();
    const row =
      existing ??
      (await orders.once({
        id: order,
        order,
        kind: 'payment',
        userId: input.customer.userId,
        idempotencyKey: input.idempotencyKey,
        status: 'pending',
        amountCents: input.amountCents,
        data: { method: bizum ? 'bizum' : 'card', offSession: input.offSession },
      }));
    // The key answered before: its current state, never a second charge.
    if (row.status !== 'pending') return outcomeOf(row);
    if (bizum) return toPaymentPage(row, { bizum: true, response: null });

    const card = await orders.cardOf(input.methodRef, input.customer.userId);
    if (!card) {
      await orders.settle(row.id, 'failed', null, { reason: 'card_declined' });
      return current(row);
    }
    const cofTxnId = typeof card.data.cofTxnId === 'string' ? card.data.cofTxnId : undefined;
    return send(
      row,
      {
        ...base(row.order),
        DS_MERCHANT_TRANSACTIONTYPE: '0',
        DS_MERCHANT_AMOUNT: String(input.amountCents),
        DS_MERCHANT_IDENTIFIER: input.methodRef,
        DS_MERCHANT_COF_INI: 'N',
        DS_MERCHANT_COF_TYPE: 'R',
        DS_MERCHANT_PRODUCTDESCRIPTION: input.description.slice(0, 125),
        // A renewal or seats: merchant-initiated with the stored credential, no customer to authenticate.
        ...(input.offSession
          ? {
              DS_MERCHANT_EXCEP_SCA: 'MIT',
              DS_MERCHANT_DIRECTPAYMENT: 'true' as const,
              ...(cofTxnId ? { DS_MERCHANT_COF_TXNID: cofTxnId } : {}),
            }
          : {}),
      },
      input.methodRef,
    );
  }

  async function refund(ref: string, amountCents: number, idempotencyKey: string): Promise<{ refundRef: string }> {
    const payment = await orders.byId(ref);
    if (payment?.kind !== 'payment' || payment.status !== 'succeeded') throw new Error(`no Redsys payment ${ref} to refund`);
    const existing = await orders.byKey(idempotencyKey);
    if (existing && (existing.amountCents !== amountCents || existing.kind !== 'refund')) throw new ProviderIdempotencyError();
    const row =
      existing ??
      (await orders.once({
        id: `re_${randomBytes(10).toString('hex')}`,
        // A refund runs under its payment's order number (Redsys' "devolución", transaction type 3).
        order: payment.order,
        kind: 'refund',
        userId: payment.userId,
        idempotencyKey,
        status: 'pending',
        amountCents,
        data: { payment: payment.id },
      }));
    // A row of this key already pending was perhaps sent, its answer lost: Redsys is asked about it first.
    const made = existing?.status === 'pending' ? await refundAlreadyMade({ query, orders }, row, payment.order) : null;
    const outcome = made
      ? await applyAnswer(row, made)
      : row.status === 'pending'
        ? await send(row, { ...base(payment.order), DS_MERCHANT_TRANSACTIONTYPE: '3', DS_MERCHANT_AMOUNT: String(amountCents) })
        : outcomeOf(row);
    if (outcome.status !== 'succeeded') throw new Error(`Redsys refused the refund of ${ref} (${row.response ?? 'no answer'})`);
    return { refundRef: row.id };
  }

  return { charge, refund };
}
