import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentRedsysOrders } from '../../src/db/schema/index.js';
import { ProviderRetryableError } from '../../src/modules/payments/providers/errors.js';
import { createRedsysProvider } from '../../src/modules/payments/providers/redsys.js';
import { startRedsysApp, REDSYS_PUBLIC_URL, type RedsysApp } from '../helpers/redsys-app.js';
import { queueIdle } from '../helpers/test-app.js';

/**
 * Redsys' query web service ("consultas SOAP", providers/redsys-query.ts) settles a charge that
 * neither its REST answer nor its notification did: Redsys charged, the answer was lost on its way
 * and the notification found no process to take it. The charge sent again under the same order is
 * refused as a repeated order (SIS0051, never a second charge), and the query tells what became of
 * the first attempt. Against the Redsys stand-in, which verifies every query's signature (a query
 * signed with another key is refused) and signs its answers (an answer altered on its way is not
 * believed).
 */

const DAY = 86_400_000;

let redsys: RedsysApp;

beforeAll(async () => {
  redsys = await startRedsysApp({ language: 'en' });
}, 240_000);
afterAll(() => redsys?.close());
afterEach(() => {
  redsys.standIn.setLoseAnswers(false);
  redsys.standIn.setLoseNotifications(false);
  redsys.standIn.setTamperQueryAnswers(false);
  redsys.standIn.setQueryState('F');
  expect(redsys.standIn.violations).toEqual([]);
});

/** The customer's charges whose rows still wait for Redsys' word. */
const pendingCharges = (userId: string) =>
  redsys.t.db
    .select()
    .from(paymentRedsysOrders)
    .where(and(eq(paymentRedsysOrders.userId, userId), eq(paymentRedsysOrders.kind, 'payment'), eq(paymentRedsysOrders.status, 'pending')));

/** A Redsys provider on the app's database and the stand-in's terminal (another key: one Redsys does not know). */
function providerWith(secretKey = redsys.standIn.secretKey) {
  const env = redsys.standIn.env();
  return createRedsysProvider(redsys.t.db, {
    merchantCode: env.REDSYS_MERCHANT_CODE,
    terminal: env.REDSYS_TERMINAL,
    secretKey,
    environment: 'test',
    baseUrl: env.REDSYS_URL,
    bizum: false,
    publicUrl: REDSYS_PUBLIC_URL,
  });
}

describe('Redsys’ query service tells what a lost answer and a lost notification did not', { timeout: 180_000 }, () => {
  it('a renewal whose answer and notification were both lost: the retry is refused as a repeated order, the query settles it: one authorisation, one payment, one invoice; the notification arriving late changes nothing', async () => {
    const { standIn, t, toApp } = redsys;
    const { user, token } = await redsys.customer();
    const saved = await redsys.saveCard(token, '4548812049400004');
    expect((await redsys.buyPro(token, saved.body.data.id)).status).toBe(200);
    const periodEnd = (await redsys.subscriptionOf(user.id)).currentPeriodEnd!;

    // Redsys charges the renewal; its answer is lost on the way and its notification finds no one.
    standIn.setLoseAnswers(true);
    standIn.setLoseNotifications(true);
    await redsys.advanceTo(new Date(periodEnd.getTime() + DAY / 2));
    standIn.setLoseAnswers(false);
    standIn.setLoseNotifications(false);
    const [pending] = await pendingCharges(user.id);
    expect(pending).toBeDefined();
    const order = pending!.order;
    expect(standIn.operations.filter((o) => o.order === order)).toEqual([expect.objectContaining({ response: '0000', mit: true })]);
    expect((await redsys.paymentsOf(user.id)).map((p) => p.purpose)).toEqual(['subscription']);
    expect(standIn.queries.filter((q) => q.order === order)).toEqual([]);

    // The renewal taken up again under the same order: refused as repeated (SIS0051), then asked about.
    await redsys.leaseExpires(user.id);
    await redsys.advanceTo(new Date((await redsys.clockNow()).getTime() + DAY));
    expect(standIn.queries.filter((q) => q.order === order)).toEqual([{ order, type: '0', answer: 'found' }]);
    expect(standIn.operations.filter((o) => o.order === order)).toHaveLength(1);
    expect((await redsys.paymentsOf(user.id)).map((p) => [p.purpose, p.status, p.providerChargeRef])).toEqual([
      ['subscription', 'succeeded', expect.any(String)],
      ['renewal', 'succeeded', pending!.id],
    ]);
    expect(await redsys.invoicesOf(user.id)).toHaveLength(2);
    const [settled] = await t.db.select().from(paymentRedsysOrders).where(eq(paymentRedsysOrders.id, pending!.id));
    expect(settled).toMatchObject({ status: 'succeeded', response: '0000' });
    const renewed = await redsys.subscriptionOf(user.id);
    expect(renewed.status).toBe('active');
    expect(renewed.currentPeriodStart.getTime()).toBe(periodEnd.getTime());

    // Redsys' notification reaches us after all: a replay of what the query said, which changes nothing.
    expect(await standIn.deliverLost()).toEqual([200]);
    await queueIdle(t.app, 'payments.');
    await queueIdle(t.app, 'event.');
    expect((await redsys.paymentsOf(user.id)).map((p) => [p.purpose, p.status])).toEqual([
      ['subscription', 'succeeded'],
      ['renewal', 'succeeded'],
    ]);
    expect(await redsys.invoicesOf(user.id)).toHaveLength(2);
    expect(standIn.operations.filter((o) => o.order === order)).toHaveLength(1);

    // The test clock is everyone's: cancelled at its period end, this plan charges nothing in the tests after this one.
    expect((await toApp('POST', '/api/user/myplan/cancel', { token })).status).toBe(200);
  });

  it('Redsys refuses a query signed with another key (XML0023); ours is answered, and an order it does not have is not found', async () => {
    const { standIn } = redsys;
    const { user, token } = await redsys.customer();
    const saved = await redsys.saveCard(token, '4548812049400004');
    expect((await redsys.buyPro(token, saved.body.data.id)).status).toBe(200);
    const [payment] = await redsys.paymentsOf(user.id);
    const order = payment!.providerChargeRef!;

    expect(await providerWith().queryOrder(order, '0')).toMatchObject({
      found: true,
      final: true,
      state: 'F',
      result: expect.objectContaining({
        Ds_Order: order,
        Ds_TransactionType: '0',
        Ds_Amount: String(payment!.amountCents),
        Ds_Response: '0000',
      }),
    });
    expect(await providerWith().queryOrder('0000NotThere', '0')).toEqual({ found: false });

    const forged = providerWith(randomBytes(24).toString('base64'));
    await expect(forged.queryOrder(order, '0')).rejects.toMatchObject({ code: 'XML0023' });
    expect(standIn.queries.filter((q) => q.order === order).map((q) => q.answer)).toEqual(['found', 'XML0023']);
    // The stand-in records the refusal as a violation; taken here, so the check after each test stays for the others.
    expect(standIn.violations.splice(0)).toEqual([`consultaOperaciones: signature does not verify for order ${order}`]);
  });

  it('a refund whose answer and notification were both lost: the credit note asked again finds it made (Redsys takes a refund sent again as a second one): one refund at Redsys, one credit note', async () => {
    const { standIn, toApp, admin } = redsys;
    const { user, token } = await redsys.customer();
    const saved = await redsys.saveCard(token, '4548812049400004');
    expect((await redsys.buyPro(token, saved.body.data.id)).status).toBe(200);
    const [invoice] = await redsys.invoicesOf(user.id);
    const [payment] = await redsys.paymentsOf(user.id);
    const order = payment!.providerChargeRef!;
    const refundsAtRedsys = () => standIn.operations.filter((o) => o.order === order && o.type === '3');
    const creditNote = () =>
      toApp('POST', `/api/admin/invoices/${invoice!.id}/credit-notes`, {
        token: admin,
        json: { amountCents: 100, reason: 'A goodwill euro' },
      });

    // Redsys refunds; its answer is lost on the way and its notification finds no one.
    standIn.setLoseAnswers(true);
    standIn.setLoseNotifications(true);
    expect((await creditNote()).status).not.toBe(201);
    standIn.setLoseAnswers(false);
    standIn.setLoseNotifications(false);
    expect(refundsAtRedsys()).toEqual([expect.objectContaining({ amount: 100, response: '0900' })]);

    // The admin tries again (the same credit note, the same refund key): Redsys is asked first, not refunded twice.
    const again = await creditNote();
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(refundsAtRedsys()).toHaveLength(1);
    expect(standIn.queries.filter((q) => q.order === order && q.type === '3')).toEqual([{ order, type: '3', answer: 'found' }]);
    const [refunded] = await redsys.paymentsOf(user.id);
    expect([refunded!.status, refunded!.refundedCents]).toEqual(['partially_refunded', 100]);
    // A second credit note of the same amount is a refund of its own, sent: Redsys has one refund more than the app, not two.
    const second = await creditNote();
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(refundsAtRedsys()).toHaveLength(2);
    expect(await standIn.deliverLost()).toEqual([200]);
    await queueIdle(redsys.t.app, 'payments.');
    expect(refundsAtRedsys()).toHaveLength(2);
    expect((await redsys.paymentsOf(user.id))[0]!.refundedCents).toBe(200);
  });

  it('an answer altered on its way is not believed, nor an operation Redsys has not finished: the charge stays pending until a finished answer that verifies settles it', async () => {
    const { standIn, t } = redsys;
    const { user, token } = await redsys.customer();
    expect((await redsys.saveCard(token, '4548812049400004')).status).toBe(200);
    const [setup] = await t.db
      .select()
      .from(paymentRedsysOrders)
      .where(and(eq(paymentRedsysOrders.userId, user.id), eq(paymentRedsysOrders.kind, 'setup')));
    const provider = t.app.payments.provider;
    const input = {
      customer: { userId: user.id, email: user.email, name: user.name, providerCustomerRef: null },
      methodRef: setup!.data.token as string,
      amountCents: 1234,
      currency: 'EUR' as const,
      idempotencyKey: `${user.id}:${randomUUID()}`,
      offSession: false,
      description: 'An add-on',
    };

    // Authorised at Redsys; its answer and its notification lost.
    standIn.setLoseAnswers(true);
    standIn.setLoseNotifications(true);
    await expect(provider.charge(input)).rejects.toBeInstanceOf(ProviderRetryableError);
    standIn.setLoseAnswers(false);
    standIn.setLoseNotifications(false);
    const [pending] = await pendingCharges(user.id);
    expect(standIn.operations.filter((o) => o.order === pending!.order)).toEqual([expect.objectContaining({ response: '0000' })]);

    // Sent again: SIS0051, and the query's answer altered on its way (0000 made 0190): not believed.
    standIn.setTamperQueryAnswers(true);
    await expect(provider.charge(input)).rejects.toThrow(/does not verify/);
    expect((await pendingCharges(user.id)).map((r) => r.id)).toEqual([pending!.id]);
    standIn.setTamperQueryAnswers(false);

    // Redsys still authorising it (state P, no Ds_Response yet): nothing is settled, nothing is sent again.
    standIn.setQueryState('P');
    await expect(provider.charge(input)).rejects.toThrow(/still in state P/);
    expect((await pendingCharges(user.id)).map((r) => r.id)).toEqual([pending!.id]);
    standIn.setQueryState('F');

    // Again, finished and with an answer that verifies: authorised, once.
    expect(await provider.charge(input)).toEqual({ status: 'succeeded', ref: pending!.id });
    expect(standIn.operations.filter((o) => o.order === pending!.order)).toHaveLength(1);
    expect(standIn.queries.filter((q) => q.order === pending!.order)).toHaveLength(3);
    expect(await standIn.deliverLost()).toEqual([200]);
    await queueIdle(t.app, 'payments.');
  });
});
