import { createRedsysAPI, randomTransactionId } from 'redsys-easy';
import type { Database } from '../../../db/client.js';
import { createRedsysCharges, outcomeOf, type RedsysContext } from '../redsys/charges.js';
import { createRedsysOrders, type RedsysOrder } from '../redsys/orders.js';
import { createRedsysQuery } from './redsys-query.js';
import {
  redsysResponseStatus,
  redsysUrls,
  savedCard,
  type RedsysRedirectForm,
  type RedsysResult,
  type RedsysSettings,
} from './redsys-protocol.js';
import type { DeclineReason, MethodKind, PaymentProvider, ProviderCustomer, SavedMethod, SetupOutcome, SetupStart } from './types.js';

export {
  BIZUM_METHOD_REF,
  redsysQueryUrl,
  redsysUrls,
  type RedsysRedirectForm,
  type RedsysResult,
  type RedsysSettings,
} from './redsys-protocol.js';

/**
 * Redsys (the Spanish banks' card gateway) through `redsys-easy`, which signs every message with
 * HMAC_SHA256_V1 (the order number 3DES-encrypted with the terminal's key, then HMAC-SHA256 of the
 * base64 parameters) and verifies Redsys' answers and notifications the same way
 * (docs/decisions/0024-redsys-provider.md; docs/billing.md "Redsys").
 *
 * - A card is saved on Redsys' payment page (a redirect: the number is typed there, never here): a 0 €
 *   authentication (`DS_MERCHANT_TRANSACTIONTYPE=7`) that starts a stored credential
 *   (`DS_MERCHANT_IDENTIFIER=REQUIRED`, `DS_MERCHANT_COF_INI=S`, `DS_MERCHANT_COF_TYPE=R`), where Redsys
 *   runs EMV 3-D Secure. Its result (the signed notification, or the signed return to URLOK) gives the
 *   token (`Ds_Merchant_Identifier`), the COF transaction id, the masked number, brand and expiry.
 * - A charge is a REST authorisation with the token; renewals and seats are merchant-initiated
 *   (`DS_MERCHANT_EXCEP_SCA=MIT`, `DS_MERCHANT_DIRECTPAYMENT=true`, `DS_MERCHANT_COF_TXNID`). When the
 *   bank wants the customer (`Ds_Response` 0195, SCA required) the payment moves to Redsys' page under
 *   a new order number: the customer authenticates there and the notification completes it.
 * - Bizum pays once on Redsys' page (`DS_MERCHANT_PAYMETHODS=z`), never saved, never off session.
 * - Every answer is kept in `payment_redsys_orders` and `retrieve` reads it. Redsys' query service
 *   (providers/redsys-query.ts) is asked when a charge sent again is refused as a repeated order
 *   (SIS0051: its first attempt reached Redsys, and neither its answer nor its notification reached
 *   us), and before a refund left pending is sent again (Redsys would take it as a second refund).
 */
export function createRedsysProvider(db: Database, settings: RedsysSettings) {
  const api = createRedsysAPI({
    secretKey: settings.secretKey,
    urls: redsysUrls(settings),
    fetch: (settings.fetch ?? globalThis.fetch) as never,
  });
  const orders = createRedsysOrders(db);
  const query = createRedsysQuery(settings);
  const context: RedsysContext = {
    api,
    orders,
    settings,
    query,
    base: (order) => ({
      DS_MERCHANT_MERCHANTCODE: settings.merchantCode,
      DS_MERCHANT_TERMINAL: settings.terminal,
      DS_MERCHANT_ORDER: order,
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_MERCHANTURL: `${settings.publicUrl}/api/payments/redsys/notification`,
    }),
    redirectForm: (params) => {
      const form = api.createRedirectForm(params);
      return { url: form.url, fields: form.body };
    },
    returnUrls: (what, ref) => ({
      DS_MERCHANT_URLOK: `${settings.publicUrl}/user/methods/redsys?${what}=${encodeURIComponent(ref)}&result=ok`,
      DS_MERCHANT_URLKO: `${settings.publicUrl}/user/methods/redsys?${what}=${encodeURIComponent(ref)}&result=ko`,
    }),
  };
  const { charge, refund } = createRedsysCharges(context);

  async function startSetup(customer: ProviderCustomer, kind: MethodKind): Promise<SetupStart & { redirect: RedsysRedirectForm }> {
    if (kind !== 'card') throw new Error(`Redsys saves cards only (asked: ${kind})`);
    const order = randomTransactionId();
    const form = context.redirectForm({
      ...context.base(order),
      DS_MERCHANT_TRANSACTIONTYPE: '7',
      DS_MERCHANT_AMOUNT: '0',
      DS_MERCHANT_IDENTIFIER: 'REQUIRED',
      DS_MERCHANT_COF_INI: 'S',
      DS_MERCHANT_COF_TYPE: 'R',
      DS_MERCHANT_PAYMETHODS: 'C',
      ...context.returnUrls('setup', order),
    });
    await orders.insert({
      id: order,
      order,
      kind: 'setup',
      userId: customer.userId,
      status: 'pending',
      amountCents: 0,
      data: { holder: customer.name },
    });
    return { setupId: order, clientSecret: JSON.stringify(form), redirect: form };
  }

  async function finishSetup(setupId: string): Promise<SetupOutcome> {
    const row = await orders.byId(setupId);
    if (row?.kind !== 'setup') return { status: 'failed', reason: 'processing_error' };
    if (row.status === 'failed') return { status: 'failed', reason: (row.data.reason as DeclineReason | undefined) ?? 'processing_error' };
    if (row.status !== 'succeeded') return { status: 'requires_action' };
    const method = row.data.method as SavedMethod | undefined;
    return method ? { status: 'succeeded', method } : { status: 'failed', reason: 'processing_error' };
  }

  /**
   * Applies a result Redsys signed (its notification, or the browser's return to URLOK/URLKO) to the
   * operation it is about, once: a row already final is left as it is. Answers the row it settled
   * (null: unknown order, or nothing changed).
   */
  async function applyResult(result: RedsysResult): Promise<RedsysOrder | null> {
    const refund = result.Ds_TransactionType === '3';
    const rows = (await orders.ofOrder(result.Ds_Order)).filter((r) => (refund ? r.kind === 'refund' : r.kind !== 'refund'));
    const row = rows.find((r) => r.status === 'pending' || r.status === 'requires_action');
    if (!row) return null;
    const verdict = redsysResponseStatus(result.Ds_Response);
    // 0195 (SCA wanted) is the REST answer's business: it moves the payment to Redsys' page itself.
    if (verdict.status === 'requires_action' && row.kind === 'payment') return null;
    const response = result.Ds_Response ?? null;
    const reason = verdict.status === 'failed' ? verdict.reason : undefined;
    if (row.kind === 'setup') {
      const card = verdict.status === 'succeeded' ? savedCard(result, typeof row.data.holder === 'string' ? row.data.holder : '') : null;
      if (card)
        return orders.settle(row.id, 'succeeded', response, { token: card.method.ref, cofTxnId: card.cofTxnId, method: card.method });
      return orders.settle(row.id, 'failed', response, { reason: reason ?? 'processing_error' });
    }
    // A payment on Redsys' page (Bizum, or a card after its authentication), a REST charge's own notification, or a refund.
    if (verdict.status === 'succeeded')
      return orders.settle(row.id, 'succeeded', response, { payMethod: result.Ds_ProcessedPayMethod ?? null });
    return orders.settle(row.id, 'failed', response, { reason: reason ?? 'authentication_failed' });
  }

  const provider: PaymentProvider = {
    name: 'redsys',
    testMode: settings.environment === 'test',
    methodKinds: ['card'],
    // Redsys has no customers: its tokens belong to the merchant; ours is the account.
    ensureCustomer: async (customer) => customer.providerCustomerRef ?? `redsys:${customer.userId}`,
    startSetup,
    finishSetup,
    charge,
    retrieve: async (ref) => {
      const row = await orders.byId(ref);
      return row ? outcomeOf(row) : { status: 'failed', ref, reason: 'processing_error' };
    },
    // Redsys' page is the step: an order waiting for the customer is ready as it is.
    prepareAuthentication: (ref) => provider.retrieve(ref),
    refund,
    // Redsys keeps the token; a removed card is never charged again (its setup is marked, the app's method removed).
    detach: (methodRef) => orders.markDetached(methodRef),
  };
  return {
    ...provider,
    /** Bizum is offered for one-off payments (REDSYS_BIZUM). */
    bizum: settings.bizum,
    applyResult,
    /** The operations under a Redsys order number (a payment and its refunds; a setup). */
    rowsOfOrder: orders.ofOrder,
    /** The operation of our reference. */
    operation: orders.byId,
    /** What Redsys' query service knows of the operation of `transactionType` under an order number. */
    queryOrder: query,
    /** Verifies a signed result (a notification's or a return's form); throws when the signature does not verify. */
    verify: (fields: RedsysRedirectForm['fields']): RedsysResult => api.processRedirectNotification(fields),
  };
}

export type RedsysProvider = ReturnType<typeof createRedsysProvider>;
