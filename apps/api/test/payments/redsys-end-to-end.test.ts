import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkoutResultSchema, methodSetupSchema, paymentProviderInfoSchema } from '@enlaza/contracts';
import { paymentRedsysOrders, payments, providerEvents } from '../../src/db/schema/index.js';
import {
  startRedsysApp,
  REDSYS_PUBLIC_URL,
  type ReceivedRequest,
  type RedsysApp,
  type RedsysPageForm,
  type ToApp,
} from '../helpers/redsys-app.js';
import { pageSession, type RedsysStandIn } from '../helpers/redsys-stand-in.js';
import { queueIdle, settledDeliveries, type TestContext } from '../helpers/test-app.js';

/**
 * The app with PAYMENT_PROVIDER=redsys, redsys-easy pointed at the stand-in (which verifies every
 * signature with its own HMAC_SHA256_V1): a card saved on Redsys' page (the test drives the page's
 * forms as a browser would, and every request our app receives is recorded: the card number is
 * never among them), a plan paid with its token, a renewal as a merchant-initiated charge, 3-D
 * Secure on Redsys' page, the notification's signature, duplicates and reordering, Redsys down
 * during a renewal, Bizum once, and a refund for a credit note.
 */

const PUBLIC_URL = REDSYS_PUBLIC_URL;
const DAY = 86_400_000;

let t: TestContext;
let standIn: RedsysStandIn;
let admin: string;
let toApp: ToApp;
let customer: RedsysApp['customer'];
let received: ReceivedRequest[];
let returnFrom: RedsysApp['returnFrom'];
let onRedsysPage: RedsysApp['onRedsysPage'];
let saveCard: RedsysApp['saveCard'];
let buyPro: RedsysApp['buyPro'];
let paymentsOf: RedsysApp['paymentsOf'];
let invoicesOf: RedsysApp['invoicesOf'];
let subscriptionOf: RedsysApp['subscriptionOf'];
let clockNow: RedsysApp['clockNow'];
let advanceTo: RedsysApp['advanceTo'];
let leaseExpires: RedsysApp['leaseExpires'];
let redsys: RedsysApp | undefined;

beforeAll(async () => {
  redsys = await startRedsysApp({
    language: 'en',
    // Redsys posts its notification to our public URL: here, into the app.
    checkDelivery: (url) => expect(url).toBe(`${PUBLIC_URL}/api/payments/redsys/notification`),
  });
  ({
    t,
    standIn,
    admin,
    toApp,
    customer,
    received,
    returnFrom,
    onRedsysPage,
    saveCard,
    buyPro,
    paymentsOf,
    invoicesOf,
    subscriptionOf,
    clockNow,
    advanceTo,
    leaseExpires,
  } = redsys);
}, 240_000);
afterAll(() => redsys?.close());
afterEach(() => {
  expect(standIn.violations).toEqual([]);
});

type Form = RedsysPageForm;

describe('Redsys as the provider, through the API', () => {
  it('tells the screens Redsys, cards only and test mode', async () => {
    const { token } = await customer();
    const info = paymentProviderInfoSchema.parse((await toApp('GET', '/api/user/payment-provider', { token })).body.data);
    expect(info).toEqual({ name: 'redsys', testMode: true, methodKinds: ['card'], publishableKey: null, bizum: true });
    expect((await toApp('POST', '/api/user/methods/setup', { token, json: { kind: 'sepa_debit' } })).status).toBe(422);
  });

  it('saves a card on Redsys’ page, pays Pro with its token, renews it as a merchant-initiated charge: one invoice each, the number never reaching us', async () => {
    received.length = 0;
    const { user, token } = await customer();
    const saved = await saveCard(token, '4548812049400004');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ kind: 'card', brand: 'visa', last4: '0004', expMonth: 12, expYear: 2030 });
    const [setupRow] = await t.db.select().from(paymentRedsysOrders).where(eq(paymentRedsysOrders.userId, user.id));
    const token0 = setupRow!.data.token as string;

    const paid = await buyPro(token, saved.body.data.id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(checkoutResultSchema.parse(paid.body.data).payment.status).toBe('succeeded');
    const [first] = await paymentsOf(user.id);
    const charged = standIn.operations.filter((o) => o.token === token0 && o.via === 'rest');
    expect(charged).toEqual([
      expect.objectContaining({ order: first!.providerChargeRef, amount: first!.amountCents, response: '0000', mit: false }),
    ]);
    expect(await invoicesOf(user.id)).toHaveLength(1);

    // The renewal: off session, merchant-initiated with the COF transaction id of the card's first operation.
    const periodEnd = (await subscriptionOf(user.id)).currentPeriodEnd!;
    await advanceTo(new Date(periodEnd.getTime() + DAY / 2));
    const renewal = standIn.operations.filter((o) => o.token === token0 && o.via === 'rest');
    expect(renewal).toHaveLength(2);
    expect(renewal[1]).toMatchObject({ mit: true, response: '0000', cofTxnId: expect.any(String) });
    expect((await paymentsOf(user.id)).map((p) => [p.purpose, p.status])).toEqual([
      ['subscription', 'succeeded'],
      ['renewal', 'succeeded'],
    ]);
    expect(await invoicesOf(user.id)).toHaveLength(2);
    // Running the day again changes nothing.
    await advanceTo(new Date((await clockNow()).getTime() + DAY));
    expect(await invoicesOf(user.id)).toHaveLength(2);

    // The card number was typed on Redsys' page only: no request our app received carries it (nor
    // any 13–19 digit run), and the setup's form we handed out does not either.
    for (const r of received) expect(`${r.url} ${r.body}`).not.toMatch(/4548812049400004|\d{13,19}/);
    expect(received.some((r) => r.url === '/api/payments/redsys/notification')).toBe(true);
  });

  it('3-D Secure on the first payment: 202 with Redsys’ page, the challenge there, then the same request completes it once', async () => {
    const { user, token } = await customer();
    const saved = await saveCard(token, '4918019199883839', 'pass');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const key = randomUUID();
    const first = await buyPro(token, saved.body.data.id, key);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    const waiting = checkoutResultSchema.parse(first.body.data);
    expect(waiting.nextAction).toMatchObject({ kind: 'authenticate', provider: 'redsys' });
    // The bank asked for SCA on the REST charge (0195): the page, under a new order, with the token.
    expect(standIn.operations.at(-1)).toMatchObject({ via: 'rest', response: '0195' });
    const location = await onRedsysPage(JSON.parse(waiting.nextAction!.clientSecret) as Form, { challenge: 'pass' });
    const back = await returnFrom(location, token);
    expect(back.body.data).toMatchObject({ kind: 'payment', status: 'succeeded' });
    await queueIdle(t.app, 'payments.');
    const again = await buyPro(token, saved.body.data.id, key);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await paymentsOf(user.id)).map((p) => p.status)).toEqual(['succeeded']);
    expect(await invoicesOf(user.id)).toHaveLength(1);
    // Redsys authorised it once (on its page).
    const amount = (await paymentsOf(user.id))[0]!.amountCents;
    expect(
      standIn.operations.filter((o) => o.via === 'page' && o.type === '0' && o.response === '0000' && o.amount === amount),
    ).toHaveLength(1);
  });

  it('a renewal whose bank wants the customer after all (0195 on the merchant-initiated charge): past due, emailed a link, the dunning asks Redsys nothing new, then authenticated on Redsys’ page once: one invoice, the next period', async () => {
    const { user, token } = await customer();
    const saved = await saveCard(token, '4548810000000003', 'pass');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await buyPro(token, saved.body.data.id)).status).toBe(200);
    const periodEnd = (await subscriptionOf(user.id)).currentPeriodEnd!;

    await advanceTo(new Date(periodEnd.getTime() + DAY / 2));
    const renewal = (await paymentsOf(user.id)).find((p) => p.purpose === 'renewal')!;
    expect(renewal.status).toBe('requires_action');
    expect(standIn.operations.at(-1)).toMatchObject({ via: 'rest', mit: true, response: '0195' });
    expect((await subscriptionOf(user.id)).status).toBe('past_due');
    const asked = (await settledDeliveries(t.db, user.email)).filter((d) => d.subject === 'Confirm the payment for your Pro plan');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.bodyText).toContain(`${PUBLIC_URL}/user/pagos/${renewal.id}`);

    // A day later the retry asks Redsys for nothing new: the payment waits for its customer.
    const operations = standIn.operations.length;
    await advanceTo(new Date((await clockNow()).getTime() + DAY));
    expect(standIn.operations.length).toBe(operations);

    // Another customer cannot ready it; its owner gets Redsys' page (a new order with the card's token).
    const other = await customer();
    expect((await toApp('POST', `/api/user/payments/${renewal.id}/authenticate`, { token: other.token })).status).toBe(404);
    const ready = await toApp('POST', `/api/user/payments/${renewal.id}/authenticate`, { token });
    expect(ready.status, JSON.stringify(ready.body)).toBe(200);
    expect(ready.body.data.nextAction).toMatchObject({ kind: 'authenticate', provider: 'redsys' });
    const form = JSON.parse(ready.body.data.nextAction.clientSecret) as Form;
    const { DS_MERCHANT_ORDER: order } = JSON.parse(Buffer.from(form.fields.Ds_MerchantParameters!, 'base64').toString()) as Record<
      string,
      string
    >;
    expect(order).not.toBe(renewal.providerChargeRef);

    // The challenge passed on Redsys' page: its notification, then the browser back on our page.
    const location = await onRedsysPage(form, { challenge: 'pass' });
    expect((await returnFrom(location, token)).body.data).toMatchObject({ kind: 'payment', status: 'succeeded' });
    await queueIdle(t.app, 'payments.');
    await queueIdle(t.app, 'event.');

    expect((await paymentsOf(user.id)).map((p) => [p.purpose, p.status])).toEqual([
      ['subscription', 'succeeded'],
      ['renewal', 'succeeded'],
    ]);
    expect(await invoicesOf(user.id)).toHaveLength(2);
    const after = await subscriptionOf(user.id);
    expect(after.status).toBe('active');
    expect(after.currentPeriodStart.getTime()).toBe(periodEnd.getTime());
    // Redsys authorised it once, on its page, under the new order.
    expect(standIn.operations.filter((o) => o.order === order)).toEqual([
      expect.objectContaining({ via: 'page', type: '0', amount: renewal.amountCents, response: '0000', mit: false }),
    ]);
    // The next day's run charges nothing more.
    await advanceTo(new Date((await clockNow()).getTime() + DAY));
    expect(await invoicesOf(user.id)).toHaveLength(2);
    // The test clock is everyone's: cancelled at its period end, this plan charges nothing in the tests after this one.
    expect((await toApp('POST', '/api/user/myplan/cancel', { token })).status).toBe(200);
  });

  it('refuses a notification with a bad signature (400, nothing changed); the same one twice and a late contrary one change nothing', async () => {
    const { user, token } = await customer();
    // A setup left on Redsys' page: its order is pending.
    const setup = methodSetupSchema.parse((await toApp('POST', '/api/user/methods/setup', { token, json: { kind: 'card' } })).body.data);
    const forged = standIn.sign({
      Ds_Order: setup.setupId,
      Ds_Response: '0000',
      Ds_Merchant_Identifier: 'forged',
      Ds_Card_Number: '454881******0004',
      Ds_TransactionType: '7',
      Ds_Amount: '0',
    });
    const tampered = new URLSearchParams({ ...forged, Ds_Signature: forged.Ds_Signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) });
    const bad = await toApp('POST', '/api/payments/redsys/notification', { form: tampered });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'webhook.redsys_signature_invalid' });
    expect(
      (
        await toApp('POST', '/api/payments/redsys/notification', {
          form: new URLSearchParams({ Ds_MerchantParameters: forged.Ds_MerchantParameters }),
        })
      ).status,
    ).toBe(400);
    const [row] = await t.db.select().from(paymentRedsysOrders).where(eq(paymentRedsysOrders.id, setup.setupId));
    expect(row!.status).toBe('pending');

    // A paid plan; its notification again (twice), then a late "denied" for the same order.
    const saved = await saveCard(token, '4548812049400004');
    expect((await buyPro(token, saved.body.data.id)).status).toBe(200);
    await standIn.idle();
    const [payment] = await paymentsOf(user.id);
    const notification = standIn.notifications.find(
      (n) =>
        n.form.get('Ds_MerchantParameters')!.length > 0 &&
        JSON.parse(Buffer.from(n.form.get('Ds_MerchantParameters')!, 'base64').toString()).Ds_Order === payment!.providerChargeRef,
    )!;
    expect(notification).toBeDefined();
    for (let i = 0; i < 2; i++) {
      const res = await toApp('POST', '/api/payments/redsys/notification', { form: notification.form });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ received: true, duplicate: true });
    }
    const late = new URLSearchParams(
      standIn.sign({
        Ds_Order: payment!.providerChargeRef!,
        Ds_Response: '0190',
        Ds_TransactionType: '0',
        Ds_Amount: String(payment!.amountCents),
      }),
    );
    expect((await toApp('POST', '/api/payments/redsys/notification', { form: late })).body.data).toEqual({
      received: true,
      duplicate: false,
    });
    await queueIdle(t.app, 'payments.');
    expect((await paymentsOf(user.id)).map((p) => p.status)).toEqual(['succeeded']);
    expect(await invoicesOf(user.id)).toHaveLength(1);
    const [charge] = await t.db.select().from(paymentRedsysOrders).where(eq(paymentRedsysOrders.id, payment!.providerChargeRef!));
    expect(charge!.status).toBe('succeeded');
    expect(await t.db.select().from(providerEvents).where(eq(providerEvents.objectRef, payment!.providerChargeRef!))).toHaveLength(2);
  });

  it('the return page’s route: the customer’s own operation only (another’s is 404), a signature that verifies (else 400), a session (else 401)', async () => {
    const a = await customer();
    const b = await customer();
    const setup = methodSetupSchema.parse(
      (await toApp('POST', '/api/user/methods/setup', { token: a.token, json: { kind: 'card' } })).body.data,
    );
    const location = await onRedsysPage(JSON.parse(setup.clientSecret) as Form, { number: '4548812049400004' });
    const query = new URL(location).searchParams;
    const signed = {
      Ds_SignatureVersion: query.get('Ds_SignatureVersion')!,
      Ds_MerchantParameters: query.get('Ds_MerchantParameters')!,
      Ds_Signature: query.get('Ds_Signature')!,
    };
    expect((await toApp('POST', '/api/payments/redsys/return', { token: b.token, json: signed })).status).toBe(404);
    expect((await toApp('POST', '/api/payments/redsys/return', { json: signed })).status).toBe(401);
    const forged = await toApp('POST', '/api/payments/redsys/return', {
      token: a.token,
      json: { ...signed, Ds_Signature: standIn.sign({ Ds_Order: 'x' }).Ds_Signature },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('webhook.redsys_signature_invalid');
    // Another customer cannot save it either; its owner can.
    expect((await toApp('POST', '/api/user/methods', { token: b.token, json: { setupId: setup.setupId } })).status).toBe(404);
    expect((await toApp('POST', '/api/payments/redsys/return', { token: a.token, json: signed })).body.data).toMatchObject({
      kind: 'setup',
      status: 'succeeded',
    });
    expect((await toApp('POST', '/api/user/methods', { token: a.token, json: { setupId: setup.setupId } })).status).toBe(200);
  });

  it('Redsys down during a renewal: retried later with the same order number, charged once; an answer lost on its way is never charged twice', async () => {
    const { user, token } = await customer();
    const saved = await saveCard(token, '4548812049400004');
    expect((await buyPro(token, saved.body.data.id)).status).toBe(200);
    const periodEnd = (await subscriptionOf(user.id)).currentPeriodEnd!;

    standIn.setDown(true);
    await advanceTo(new Date(periodEnd.getTime() + DAY / 2));
    standIn.setDown(false);
    const [pending] = await t.db
      .select()
      .from(paymentRedsysOrders)
      .where(
        and(eq(paymentRedsysOrders.userId, user.id), eq(paymentRedsysOrders.kind, 'payment'), eq(paymentRedsysOrders.status, 'pending')),
      );
    expect(pending).toMatchObject({ kind: 'payment', userId: user.id });
    expect(standIn.operations.filter((o) => o.order === pending!.order)).toHaveLength(0);
    expect((await paymentsOf(user.id)).map((p) => p.purpose)).toEqual(['subscription']);

    await leaseExpires(user.id);
    await advanceTo(new Date((await clockNow()).getTime() + DAY));
    expect(standIn.operations.filter((o) => o.order === pending!.order)).toEqual([
      expect.objectContaining({ response: '0000', mit: true }),
    ]);
    expect((await paymentsOf(user.id)).map((p) => [p.purpose, p.status, p.providerChargeRef])).toEqual([
      ['subscription', 'succeeded', expect.any(String)],
      ['renewal', 'succeeded', pending!.id],
    ]);
    expect(await invoicesOf(user.id)).toHaveLength(2);

    // The next period: Redsys does the charge but its answer is lost; the notification tells, and the retry (same order) charges nothing more.
    const secondEnd = (await subscriptionOf(user.id)).currentPeriodEnd!;
    standIn.setLoseAnswers(true);
    await advanceTo(new Date(secondEnd.getTime() + DAY / 2));
    standIn.setLoseAnswers(false);
    await leaseExpires(user.id);
    await advanceTo(new Date((await clockNow()).getTime() + DAY));
    const renewals = (await paymentsOf(user.id)).filter((p) => p.purpose === 'renewal');
    expect(renewals.map((p) => p.status)).toEqual(['succeeded', 'succeeded']);
    expect(standIn.operations.filter((o) => o.order === renewals[1]!.providerChargeRef)).toHaveLength(1);
    expect(await invoicesOf(user.id)).toHaveLength(3);
  });

  it('refunds a credit note with a Redsys refund (transaction type 3) on the payment’s order', async () => {
    const { user, token } = await customer();
    const saved = await saveCard(token, '4548812049400004');
    expect((await buyPro(token, saved.body.data.id)).status).toBe(200);
    const [invoice] = await invoicesOf(user.id);
    const [payment] = await paymentsOf(user.id);
    const res = await toApp('POST', `/api/admin/invoices/${invoice!.id}/credit-notes`, {
      token: admin,
      json: { amountCents: 100, reason: 'A goodwill euro' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const refunds = standIn.operations.filter((o) => o.type === '3');
    expect(refunds.at(-1)).toMatchObject({ order: payment!.providerChargeRef, amount: 100, response: '0900' });
    const [row] = await t.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(row!.status).toBe('partially_refunded');
  });

  it('Bizum: a one-off payment on Redsys’ page, once; never off session', async () => {
    const { user } = await customer();
    const provider = t.app.payments.provider;
    const customerRef = { userId: user.id, email: user.email, name: user.name, providerCustomerRef: null };
    const input = {
      customer: customerRef,
      methodRef: 'redsys:bizum',
      amountCents: 499,
      currency: 'EUR' as const,
      idempotencyKey: `${user.id}:bizum-1`,
      offSession: false,
      description: 'Add-on',
    };
    const first = await provider.charge(input);
    expect(first.status).toBe('requires_action');
    const form = JSON.parse((first as { clientSecret: string }).clientSecret) as Form;
    expect(JSON.parse(Buffer.from(form.fields.Ds_MerchantParameters!, 'base64').toString())).toMatchObject({
      DS_MERCHANT_PAYMETHODS: 'z',
      DS_MERCHANT_AMOUNT: '499',
    });
    const page = await standIn.post('/sis/realizarPago', form.fields);
    const done = await standIn.post('/sis/realizarPago/bizum', { session: pageSession(page.html), phone: '700000000' });
    expect(done.status).toBe(302);
    expect(await provider.retrieve(first.ref!)).toEqual({ status: 'succeeded', ref: first.ref });
    // The same key again: the same payment, nothing more at Redsys.
    expect(await provider.charge(input)).toEqual({ status: 'succeeded', ref: first.ref });
    expect(standIn.operations.filter((o) => o.payMethod === 'bizum' && o.amount === 499)).toHaveLength(1);
    // A renewal (off session) is never charged with Bizum.
    expect(await provider.charge({ ...input, idempotencyKey: `${user.id}:bizum-renewal`, offSession: true })).toMatchObject({
      status: 'failed',
    });
    expect(standIn.operations.filter((o) => o.payMethod === 'bizum')).toHaveLength(1);
  });

  it('a chargeback the bank reports outside Redsys: recorded by an admin, then lost: a credit note once, no refund sent to Redsys', async () => {
    const { user, token } = await customer();
    const saved = await saveCard(token, '4548812049400004');
    expect((await buyPro(token, saved.body.data.id)).status).toBe(200);
    const [payment] = await paymentsOf(user.id);
    const operations = standIn.operations.length;
    const recorded = await toApp('POST', `/api/admin/payments/${payment!.id}/disputes`, {
      token: admin,
      json: { reference: `RET-${payment!.providerChargeRef}`, amountCents: payment!.amountCents, reason: 'unrecognized' },
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const lost = await toApp('POST', `/api/admin/disputes/${recorded.body.data.id}/close`, { token: admin, json: { outcome: 'lost' } });
    expect(lost.body.data).toMatchObject({ status: 'lost', creditNoteNumber: expect.any(String) });
    await queueIdle(t.app, 'event.');
    const notes = (await invoicesOf(user.id)).filter((i) => i.kind === 'credit_note');
    expect(notes.map((n) => n.totalCents)).toEqual([-payment!.amountCents]);
    // The bank took the money back itself: nothing is asked of Redsys.
    expect(standIn.operations.length).toBe(operations);
    expect((await subscriptionOf(user.id)).status).not.toBe('active');
  });

  it('after all of them (payments, a renewal, 3-D Secure, retries, a refund), the invoice record chain (VERI*FACTU) verifies', async () => {
    const verified = await toApp('POST', '/api/admin/invoices/verify-chain', { token: admin });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.data).toMatchObject({ ok: true });
  });
});
