import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { methodSetupSchema, testClockSchema, type PlansCatalogue } from '@enlaza/contracts';
import { invoices, payments, subscriptionRenewals, subscriptions } from '../../src/db/schema/index.js';
import { pageSession, startRedsysStandIn, type Deliver, type RedsysStandIn } from './redsys-stand-in.js';
import { freeCustomer } from './subscriber.js';
import { ADMIN, bearer, createTestApp, login, queueIdle, type TestContext } from './test-app.js';

/** Our app's public URL in the Redsys tests: where Redsys sends the customer back and posts its notifications. */
export const REDSYS_PUBLIC_URL = 'https://enlaza.test';

const DAY = 86_400_000;

/** The signed form the browser posts to Redsys' page (a setup's `clientSecret`, a payment's `nextAction`). */
export type RedsysPageForm = { url: string; fields: Record<string, string> };

/** A request our app received, as `toApp` made it: method, URL, body. */
export type ReceivedRequest = { method: string; url: string; body: string };
export type ToApp = (
  method: 'GET' | 'POST',
  url: string,
  options?: { token?: string; json?: unknown; form?: URLSearchParams },
) => Promise<{ status: number; body: { data?: any; code?: string; fields?: any } }>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The app with PAYMENT_PROVIDER=redsys, Bizum on and the test clock, pointed at a Redsys stand-in
 * that delivers its notifications into the app; the seeded admin signed in. `toApp` calls the app
 * in `language` and records every request in `received` (the test's own and Redsys'), so a test
 * can say what never reached us; `checkDelivery` sees each notification's URL first. With it, what
 * the Redsys tests do as a customer (a card saved on Redsys' page, Pro bought with it) and as time
 * (the test clock advanced, a renewal's lease run out), and what they read back.
 */
export async function startRedsysApp(options: { language: string; checkDelivery?: (url: string) => void }) {
  const received: ReceivedRequest[] = [];
  // Set once the app is built: the stand-in, made first, delivers through `toApp`.
  let t: TestContext | undefined = undefined;
  const toApp: ToApp = async (method, url, { token, json, form } = {}) => {
    if (!t) throw new Error('the app is not started');
    const body = form ? form.toString() : json === undefined ? '' : JSON.stringify(json);
    received.push({ method, url, body });
    const type = form ? 'application/x-www-form-urlencoded' : json === undefined ? undefined : 'application/json';
    const res = await t.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': options.language, ...(type ? { 'content-type': type } : {}) },
      ...(body ? { payload: body } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const deliver: Deliver = async (url, form) => {
    options.checkDelivery?.(url);
    return (await toApp('POST', new URL(url).pathname, { form })).status;
  };
  const standIn: RedsysStandIn = await startRedsysStandIn({ deliver });
  t = await createTestApp(standIn.env({ PUBLIC_URL: REDSYS_PUBLIC_URL, REDSYS_BIZUM: 'true', TEST_CLOCK_ENABLED: 'true' }));
  const app = t;
  const admin = await login(app.app, ADMIN);

  /** Pro's monthly offer as the customer's catalogue shows it. */
  const proMonthly = async (token: string) => {
    const catalogue = (await toApp('GET', '/api/user/plans', { token })).body.data as PlansCatalogue;
    return catalogue.plans.find((p) => p.code === 'pro')!.offers.find((o) => o.period.code === 'monthly')!;
  };
  const subscriptionOf = async (userId: string) =>
    (await app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(asc(subscriptions.createdAt)))[0]!;
  const clockNow = async () =>
    new Date(testClockSchema.parse((await toApp('GET', '/api/admin/test-clock', { token: admin })).body.data).now);

  /** The browser back on our URLOK/URLKO page: the page passes the signed query on to our API. */
  async function returnFrom(location: string, token: string) {
    expect(location.startsWith(`${REDSYS_PUBLIC_URL}/user/methods/redsys?`)).toBe(true);
    const query = new URL(location).searchParams;
    const signed = {
      Ds_SignatureVersion: query.get('Ds_SignatureVersion')!,
      Ds_MerchantParameters: query.get('Ds_MerchantParameters')!,
      Ds_Signature: query.get('Ds_Signature')!,
    };
    return toApp('POST', '/api/payments/redsys/return', { token, json: signed });
  }

  /** The browser on Redsys' page: posts the signed form, types the card, passes (or fails) the challenge if asked. */
  async function onRedsysPage(form: RedsysPageForm, card: { number?: string; challenge?: 'pass' | 'fail' }) {
    expect(form.url).toBe(`${standIn.url}/sis/realizarPago`);
    let page = await standIn.post('/sis/realizarPago', form.fields);
    if (card.number)
      page = await standIn.post('/sis/realizarPago/card', {
        session: pageSession(page.html),
        number: card.number,
        expiry: '3012',
        cvv: '123',
      });
    if (page.html.includes('EMV3DS'))
      page = await standIn.post('/sis/realizarPago/challenge', { session: pageSession(page.html), result: card.challenge ?? 'pass' });
    expect(page.status, page.html).toBe(302);
    return page.location!;
  }

  return {
    t: app,
    standIn,
    admin,
    toApp,
    received,
    /** A customer on the Free plan, signed in, with no payment method. */
    customer: () => freeCustomer(app),
    proMonthly,
    returnFrom,
    onRedsysPage,
    /** As the Methods screen does: a setup, the card typed on Redsys' page, back to our page, the setup's id to us. */
    saveCard: async (token: string, number: string, challenge?: 'pass' | 'fail') => {
      const setup = methodSetupSchema.parse((await toApp('POST', '/api/user/methods/setup', { token, json: { kind: 'card' } })).body.data);
      expect(setup).toMatchObject({ provider: 'redsys', testMode: true, kind: 'card', publishableKey: null });
      const location = await onRedsysPage(JSON.parse(setup.clientSecret) as RedsysPageForm, {
        number,
        ...(challenge ? { challenge } : {}),
      });
      expect((await returnFrom(location, token)).status).toBe(200);
      return toApp('POST', '/api/user/methods', { token, json: { setupId: setup.setupId, makeDefault: true } });
    },
    /** Pro monthly bought with a saved method, under `key`. */
    buyPro: async (token: string, methodId: string, key = randomUUID()) =>
      toApp('POST', '/api/user/checkout', { token, json: { offerId: (await proMonthly(token)).id, methodId, idempotencyKey: key } }),
    paymentsOf: (userId: string) => app.db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt)),
    invoicesOf: (userId: string) => app.db.select().from(invoices).where(eq(invoices.userId, userId)),
    subscriptionOf,
    clockNow,
    /** The test clock moved on to `instant` (whole days, one at least), and what it set off (renewals, notifications, events) done, the scheduled run's included. */
    advanceTo: async (instant: Date) => {
      const days = Math.max(1, Math.round((instant.getTime() - (await clockNow()).getTime()) / DAY));
      const res = await toApp('POST', '/api/admin/test-clock/advance', { token: admin, json: { days } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // A renewal the scheduled run (every minute) took after the clock moved is that run's to
      // finish, not the advance's (renewals/service.ts `runAllDue`): wait for it too.
      await queueIdle(app.app, 'renewals.');
      await standIn.idle();
      await queueIdle(app.app, 'payments.');
      await queueIdle(app.app, 'event.');
    },
    /** A renewal that threw keeps its lease (real time, JOB_TIMEOUT_SECONDS) until it expires: here, at once. */
    leaseExpires: async (userId: string) => {
      const sub = await subscriptionOf(userId);
      await app.db.update(subscriptionRenewals).set({ leaseUntil: null }).where(eq(subscriptionRenewals.subscriptionId, sub.id));
    },
    close: async () => {
      await app.close();
      await standIn.close();
    },
  };
}
export type RedsysApp = Awaited<ReturnType<typeof startRedsysApp>>;
