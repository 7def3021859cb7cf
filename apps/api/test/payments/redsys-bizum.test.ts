import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkoutResultSchema, paymentDetailSchema, paymentProviderInfoSchema } from '@enlaza/contracts';
import { paymentRedsysOrders, plans } from '../../src/db/schema/index.js';
import { startRedsysApp, REDSYS_PUBLIC_URL, type RedsysApp, type ToApp } from '../helpers/redsys-app.js';
import { bizumViolations, pageSession, REDSYS_BIZUM_TEST_PHONE, type RedsysStandIn } from '../helpers/redsys-stand-in.js';
import { queueIdle, settledDeliveries, type TestContext } from '../helpers/test-app.js';

/**
 * Bizum with PAYMENT_PROVIDER=redsys and REDSYS_BIZUM on, against the Redsys stand-in (which verifies
 * every signature): a plan and an add-on paid once by Bizum on Redsys' page (the checkout and add-on
 * routes take `bizum: true` instead of a saved method, exactly one of the two), and a Bizum customer's
 * renewal, which is never charged: it waits for them and emails the payment's page, where they pay it
 * by Bizum.
 */

const PUBLIC_URL = REDSYS_PUBLIC_URL;
const DAY = 86_400_000;

let t: TestContext;
let standIn: RedsysStandIn;
let toApp: ToApp;
let customer: RedsysApp['customer'];
let proMonthly: RedsysApp['proMonthly'];
let paymentsOf: RedsysApp['paymentsOf'];
let invoicesOf: RedsysApp['invoicesOf'];
let subscriptionOf: RedsysApp['subscriptionOf'];
let clockNow: RedsysApp['clockNow'];
let advanceTo: RedsysApp['advanceTo'];

let redsys: RedsysApp | undefined;

beforeAll(async () => {
  redsys = await startRedsysApp({ language: 'es' });
  ({ t, standIn, toApp, customer, proMonthly, paymentsOf, invoicesOf, subscriptionOf, clockNow, advanceTo } = redsys);
}, 240_000);
afterAll(() => redsys?.close());
afterEach(() => {
  expect(standIn.violations).toEqual([]);
});

type Form = { url: string; fields: Record<string, string> };
const paramsOf = (form: Form) => JSON.parse(Buffer.from(form.fields.Ds_MerchantParameters!, 'base64').toString()) as Record<string, string>;

/** The customer on Redsys' Bizum page (the phone typed there), then back on our return page, which passes the signed result on. */
async function payOnBizumPage(form: Form, token: string, phone = REDSYS_BIZUM_TEST_PHONE) {
  expect(form.url).toBe(`${standIn.url}/sis/realizarPago`);
  expect(paramsOf(form)).toMatchObject({ DS_MERCHANT_PAYMETHODS: 'z', DS_MERCHANT_TRANSACTIONTYPE: '0' });
  const page = await standIn.post('/sis/realizarPago', form.fields);
  expect(page.html).toContain('Bizum');
  const done = await standIn.post('/sis/realizarPago/bizum', { session: pageSession(page.html), phone });
  expect(done.status, done.html).toBe(302);
  const query = new URL(done.location!).searchParams;
  expect(done.location!.startsWith(`${PUBLIC_URL}/user/methods/redsys?payment=`)).toBe(true);
  const back = await toApp('POST', '/api/payments/redsys/return', {
    token,
    json: {
      Ds_SignatureVersion: query.get('Ds_SignatureVersion')!,
      Ds_MerchantParameters: query.get('Ds_MerchantParameters')!,
      Ds_Signature: query.get('Ds_Signature')!,
    },
  });
  expect(back.status, JSON.stringify(back.body)).toBe(200);
  await standIn.idle();
  await queueIdle(t.app, 'payments.');
  await queueIdle(t.app, 'event.');
  return back.body.data as { kind: string; status: string };
}

const bizumOrdersOf = async (userId: string) =>
  (await t.db.select().from(paymentRedsysOrders).where(eq(paymentRedsysOrders.userId, userId))).filter((o) => o.data.method === 'bizum');

/** Pro bought by Bizum: 202 with Redsys' Bizum page, paid there; the same request again answers the paid purchase. */
async function buyProByBizum(token: string) {
  const key = randomUUID();
  const body = { offerId: (await proMonthly(token)).id, bizum: true, idempotencyKey: key };
  const first = await toApp('POST', '/api/user/checkout', { token, json: body });
  expect(first.status, JSON.stringify(first.body)).toBe(202);
  const waiting = checkoutResultSchema.parse(first.body.data);
  expect(waiting.payment).toMatchObject({ status: 'requires_action', methodBrand: 'bizum', methodLast4: null });
  expect(waiting.nextAction).toMatchObject({ kind: 'authenticate', provider: 'redsys' });
  const form = JSON.parse(waiting.nextAction!.clientSecret) as Form;
  expect(paramsOf(form).DS_MERCHANT_AMOUNT).toBe(String(waiting.payment.amountCents));
  expect(await payOnBizumPage(form, token)).toMatchObject({ kind: 'payment', status: 'succeeded' });
  return { key, body, paymentId: waiting.payment.id };
}

describe('Bizum with Redsys', { timeout: 180_000 }, () => {
  it('the stand-in refuses what Redsys refuses of a Bizum order: a token, a stored credential, a merchant-initiated charge, no amount', () => {
    const order = { DS_MERCHANT_TRANSACTIONTYPE: '0', DS_MERCHANT_AMOUNT: '1089', DS_MERCHANT_PAYMETHODS: 'z' };
    expect(bizumViolations(order)).toEqual([]);
    expect(bizumViolations({ ...order, DS_MERCHANT_TRANSACTIONTYPE: '7', DS_MERCHANT_AMOUNT: '0' })).toHaveLength(2);
    expect(bizumViolations({ ...order, DS_MERCHANT_IDENTIFIER: 'REQUIRED', DS_MERCHANT_COF_INI: 'S' })).toHaveLength(1);
    expect(bizumViolations({ ...order, DS_MERCHANT_EXCEP_SCA: 'MIT', DS_MERCHANT_DIRECTPAYMENT: 'true' })).toHaveLength(1);
  });

  it('tells the screens Bizum is offered', async () => {
    const { token } = await customer();
    const info = paymentProviderInfoSchema.parse((await toApp('GET', '/api/user/payment-provider', { token })).body.data);
    expect(info).toMatchObject({ name: 'redsys', methodKinds: ['card'], bizum: true });
  });

  it('a purchase names exactly one way to pay, a saved method or Bizum: neither or both is a 422 on the field, in the reader’s language', async () => {
    const { token } = await customer();
    const offerId = (await proMonthly(token)).id;
    const addOnId = (await toApp('GET', '/api/user/paquetes', { token })).body.data.addOns[0].id as string;
    const methodId = randomUUID();
    for (const [url, base] of [
      ['/api/user/checkout', { offerId }],
      ['/api/user/paquetes', { addOnId }],
    ] as const)
      for (const way of [{}, { methodId, bizum: true }]) {
        const res = await toApp('POST', url, { token, json: { ...base, ...way, idempotencyKey: randomUUID() } });
        expect(res.status, `${url} ${JSON.stringify(way)}`).toBe(422);
        expect(res.body.code).toBe('validation.failed');
        expect(JSON.stringify(res.body)).toContain('Elige una forma de pago: un método guardado o Bizum.');
      }
    expect(standIn.operations).toEqual([]);
  });

  it('pays Pro once by Bizum on Redsys’ page: the notification completes it, the same request again charges nothing more', async () => {
    const { user, token } = await customer();
    const bizumOperations = () => standIn.operations.filter((o) => o.payMethod === 'bizum').length;
    const before = bizumOperations();
    const { body, paymentId } = await buyProByBizum(token);
    expect(bizumOperations()).toBe(before + 1);
    const [payment] = await paymentsOf(user.id);
    expect(payment).toMatchObject({ id: paymentId, status: 'succeeded', methodId: null, methodBrand: 'bizum', purpose: 'subscription' });
    expect(await invoicesOf(user.id)).toHaveLength(1);
    const sub = await subscriptionOf(user.id);
    const [pro] = await t.db.select().from(plans).where(eq(plans.code, 'pro'));
    expect(sub).toMatchObject({ planId: pro!.id, status: 'active' });
    // Again with the same key: the paid purchase, no second page, no second charge.
    const again = await toApp('POST', '/api/user/checkout', { token, json: body });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(checkoutResultSchema.parse(again.body.data).payment).toMatchObject({ id: paymentId, status: 'succeeded' });
    expect(await invoicesOf(user.id)).toHaveLength(1);
    expect(bizumOperations()).toBe(before + 1);
    expect(await bizumOrdersOf(user.id)).toHaveLength(1);
  });

  it('buys an add-on by Bizum; a phone Bizum refuses fails it, and a new attempt pays it', async () => {
    const { user, token } = await customer();
    await buyProByBizum(token);
    const addOnId = (await toApp('GET', '/api/user/paquetes', { token })).body.data.addOns[0].id as string;
    const refused = await toApp('POST', '/api/user/paquetes', { token, json: { addOnId, bizum: true, idempotencyKey: randomUUID() } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(202);
    const refusedForm = JSON.parse(checkoutResultSchema.parse(refused.body.data).nextAction!.clientSecret) as Form;
    expect(await payOnBizumPage(refusedForm, token, '600000000')).toMatchObject({ status: 'failed' });
    const paid = await toApp('POST', '/api/user/paquetes', { token, json: { addOnId, bizum: true, idempotencyKey: randomUUID() } });
    expect(paid.status).toBe(202);
    const form = JSON.parse(checkoutResultSchema.parse(paid.body.data).nextAction!.clientSecret) as Form;
    expect(await payOnBizumPage(form, token)).toMatchObject({ status: 'succeeded' });
    expect((await paymentsOf(user.id)).map((p) => [p.purpose, p.status, p.methodBrand])).toEqual([
      ['subscription', 'succeeded', 'bizum'],
      ['add_on', 'failed', 'bizum'],
      ['add_on', 'succeeded', 'bizum'],
    ]);
    expect(await invoicesOf(user.id)).toHaveLength(2);
  });

  it('Bizum never used for a renewal: the renewals job asks Redsys for nothing, emails the payment’s page, and the customer pays it there by Bizum', async () => {
    const { user, token } = await customer();
    await buyProByBizum(token);
    const bizumBefore = await bizumOrdersOf(user.id);
    const operationsBefore = standIn.operations.length;
    const requestsBefore = standIn.requests.length;
    const periodEnd = (await subscriptionOf(user.id)).currentPeriodEnd!;

    await advanceTo(new Date(periodEnd.getTime() + DAY / 2));
    // The renewal: no Bizum order (none signed by the app, none seen by Redsys), nothing charged, no invoice.
    expect(await bizumOrdersOf(user.id)).toEqual(bizumBefore);
    expect(standIn.operations.length).toBe(operationsBefore);
    expect(standIn.requests.length).toBe(requestsBefore);
    const renewal = (await paymentsOf(user.id)).find((p) => p.purpose === 'renewal')!;
    expect(renewal).toMatchObject({ status: 'requires_action', providerChargeRef: null, methodId: null, nextActionSecret: null });
    expect(await invoicesOf(user.id)).toHaveLength(1);
    expect(await subscriptionOf(user.id)).toMatchObject({ status: 'past_due', currentPeriodEnd: periodEnd });
    // The email with the link to the payment's page, once.
    const mails = (await settledDeliveries(t.db, user.email)).filter((d) => d.bodyText?.includes(`${PUBLIC_URL}/user/pagos/${renewal.id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Pay the renewal');

    // A retry day of dunning: still nothing asked of Redsys, no second email.
    await advanceTo(new Date(periodEnd.getTime() + DAY + DAY / 2));
    expect(await bizumOrdersOf(user.id)).toEqual(bizumBefore);
    expect(standIn.requests.length).toBe(requestsBefore);
    expect((await paymentsOf(user.id)).filter((p) => p.purpose === 'renewal')).toHaveLength(1);
    const afterRetry = await settledDeliveries(t.db, user.email);
    expect(afterRetry.filter((d) => d.bodyText?.includes(`${PUBLIC_URL}/user/pagos/${renewal.id}`))).toHaveLength(1);
    // The retry's "payment failed" email says why and leads to Pagos, where the payment waits (not to the cards).
    const retried = afterRetry.filter((d) => d.bodyText?.includes('No card is charged for this renewal'));
    expect(retried).toHaveLength(1);
    expect(retried[0]!.bodyText).toContain(`${PUBLIC_URL}/user/pagos\n`);
    expect(retried[0]!.bodyText).not.toContain('/user/methods');

    // The customer on the payment's page: Bizum offered, nothing to authenticate yet.
    const detail = paymentDetailSchema.parse((await toApp('GET', `/api/user/payments/${renewal.id}`, { token })).body.data);
    expect(detail).toMatchObject({ bizum: true, nextAction: null, payment: { status: 'requires_action', purpose: 'renewal' } });
    // Another customer cannot pay it (404).
    const other = await customer();
    expect((await toApp('POST', `/api/user/payments/${renewal.id}/bizum`, { token: other.token })).status).toBe(404);
    // Bizum chosen: Redsys' page for the renewal's amount; a double click answers the same page.
    const chosen = await toApp('POST', `/api/user/payments/${renewal.id}/bizum`, { token });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const again = await toApp('POST', `/api/user/payments/${renewal.id}/bizum`, { token });
    expect(again.body.data.nextAction).toEqual(chosen.body.data.nextAction);
    const form = JSON.parse(paymentDetailSchema.parse(chosen.body.data).nextAction!.clientSecret) as Form;
    expect(paramsOf(form).DS_MERCHANT_AMOUNT).toBe(String(renewal.amountCents));
    // Refused once (another phone): the renewal waits for the customer again; then paid.
    expect(await payOnBizumPage(form, token, '600000000')).toMatchObject({ status: 'failed' });
    const afterRefusal = paymentDetailSchema.parse((await toApp('GET', `/api/user/payments/${renewal.id}`, { token })).body.data);
    expect(afterRefusal).toMatchObject({ bizum: true, nextAction: null, payment: { status: 'requires_action' } });
    const retry = paymentDetailSchema.parse((await toApp('POST', `/api/user/payments/${renewal.id}/bizum`, { token })).body.data);
    expect(await payOnBizumPage(JSON.parse(retry.nextAction!.clientSecret) as Form, token)).toMatchObject({ status: 'succeeded' });

    const paid = (await paymentsOf(user.id)).filter((p) => p.purpose === 'renewal');
    expect(paid).toEqual([expect.objectContaining({ id: renewal.id, status: 'succeeded', methodBrand: 'bizum' })]);
    expect(await invoicesOf(user.id)).toHaveLength(2);
    const renewed = await subscriptionOf(user.id);
    expect(renewed.status).toBe('active');
    expect(renewed.currentPeriodStart).toEqual(periodEnd);
    // Every Bizum order of this customer came from a request of theirs: the plan, and the two attempts on the renewal's page.
    expect((await bizumOrdersOf(user.id)).length).toBe(bizumBefore.length + 2);
    expect(standIn.operations.filter((o) => o.payMethod === 'bizum' && o.via !== 'page')).toEqual([]);
    // Nothing more on the next days.
    await advanceTo(new Date((await clockNow()).getTime() + DAY));
    expect(await invoicesOf(user.id)).toHaveLength(2);
  });

  it('a Bizum customer who saves a card while the renewal waits: renewed with the card (merchant-initiated), the waiting payment no longer payable by Bizum', async () => {
    const { user, token } = await customer();
    await buyProByBizum(token);
    const periodEnd = (await subscriptionOf(user.id)).currentPeriodEnd!;
    await advanceTo(new Date(periodEnd.getTime() + DAY / 2));
    const waiting = (await paymentsOf(user.id)).find((p) => p.purpose === 'renewal')!;
    expect(waiting).toMatchObject({ status: 'requires_action', providerChargeRef: null });
    const bizumBefore = await bizumOrdersOf(user.id);
    // Saved on the Methods screen as the default: a card on Redsys' page; the past-due renewal is retried with it.
    const setup = (await toApp('POST', '/api/user/methods/setup', { token, json: { kind: 'card' } })).body.data;
    let page = await standIn.post('/sis/realizarPago', (JSON.parse(setup.clientSecret) as Form).fields);
    page = await standIn.post('/sis/realizarPago/card', { session: pageSession(page.html), number: '4548812049400004', expiry: '3012' });
    const query = new URL(page.location!).searchParams;
    await toApp('POST', '/api/payments/redsys/return', {
      token,
      json: Object.fromEntries(['Ds_SignatureVersion', 'Ds_MerchantParameters', 'Ds_Signature'].map((k) => [k, query.get(k)!])),
    });
    expect((await toApp('POST', '/api/user/methods', { token, json: { setupId: setup.setupId, makeDefault: true } })).status).toBe(200);
    await standIn.idle();
    await queueIdle(t.app, 'payments.');
    await queueIdle(t.app, 'event.');
    const renewals = (await paymentsOf(user.id)).filter((p) => p.purpose === 'renewal');
    const byCard = renewals.find((p) => p.status === 'succeeded')!;
    expect(byCard).toMatchObject({ methodBrand: 'visa' });
    expect(standIn.operations.find((o) => o.order === byCard.providerChargeRef)).toMatchObject({
      via: 'rest',
      mit: true,
      payMethod: 'card',
    });
    expect(await subscriptionOf(user.id)).toMatchObject({ status: 'active', currentPeriodStart: periodEnd });
    // The payment that waited is owed no more: no Bizum offered for it, and asking is refused.
    const detail = paymentDetailSchema.parse((await toApp('GET', `/api/user/payments/${waiting.id}`, { token })).body.data);
    expect(detail.bizum).toBe(false);
    const refused = await toApp('POST', `/api/user/payments/${waiting.id}/bizum`, { token });
    expect([refused.status, refused.body.code]).toEqual([422, 'payment.nothing_to_charge']);
    expect(await bizumOrdersOf(user.id)).toEqual(bizumBefore);
    expect(await invoicesOf(user.id)).toHaveLength(2);
  });
});
