import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { testClockSchema, type PlansCatalogue } from '@enlaza/contracts';
import { plans, subscriptions } from '../../src/db/schema/index.js';
import { ADMIN, bearer, createTestApp, insertUser, login, type TestContext } from './test-app.js';
import { saveTestMethod, TEST_METHODS } from './sandbox-methods.js';

/** An HTTP call as a signed-in user, in English; the JSON answer parsed loosely. */
export async function callAs(t: TestContext, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<{ ok?: number; data?: any; code?: string; message?: string; errors?: any }>() };
}

/** The product's "now" as the admin's test-clock call answers it. */
export async function testClockNow(t: TestContext, adminToken: string): Promise<Date> {
  return new Date(testClockSchema.parse((await callAs(t, adminToken, 'GET', '/api/admin/test-clock')).body.data).now);
}

/**
 * A test app (with `env`'s settings) made before the file's tests and closed after, and the seeded
 * admin signed in: read `app.t` and `app.admin` inside tests.
 */
export function useAdminApp(env: Record<string, string> = {}) {
  let t: TestContext | undefined;
  let admin = '';
  beforeAll(async () => {
    t = await createTestApp(env);
    admin = await login(t.app, ADMIN);
  }, 240_000);
  afterAll(() => t?.close());
  return {
    get t(): TestContext {
      if (!t) throw new Error('the test app is made in beforeAll');
      return t;
    },
    get admin() {
      return admin;
    },
  };
}

/** `useAdminApp` with the sandbox test clock on (and `env`'s settings); `app.clockNow()` is the product's "now". */
export function useTestClockApp(env: Record<string, string> = {}) {
  const app = useAdminApp({ TEST_CLOCK_ENABLED: 'true', ...env });
  return {
    get t() {
      return app.t;
    },
    get admin() {
      return app.admin;
    },
    clockNow: () => testClockNow(app.t, app.admin),
  };
}

/** A customer on the Free plan (English unless `values` say), signed in, with no payment method. */
export async function freeCustomer(t: TestContext, values: Parameters<typeof insertUser>[1] = {}) {
  const user = await insertUser(t.db, { locale: 'en', ...values });
  const [free] = await t.db.select().from(plans).where(eq(plans.code, 'free'));
  await t.db.insert(subscriptions).values({ userId: user.id, planId: free!.id, status: 'active', currentPeriodStart: new Date() });
  return { user, token: await login(t.app, user) };
}

/** A customer on the Free plan (English unless `values` say), signed in, with the sandbox's visa test card saved through the setup flow (`/api/user/methods/setup`, then `/api/user/methods`). */
export async function signedInFreeCustomer(t: TestContext, values: Parameters<typeof insertUser>[1] = {}) {
  const { user, token } = await freeCustomer(t, values);
  const card = await saveTestMethod(t, token, TEST_METHODS.ok, { holder: user.name });
  return { user, token, methodId: card.id };
}

/**
 * A Free user who buys `plan` for `period` with the visa test card through the API (a checkout at the
 * product's clock): the subscription, its first period end and the checkout's payment.
 */
export async function checkoutSubscriber(t: TestContext, plan: 'pro' | 'business', period: 'monthly' | 'yearly') {
  const { user, token, methodId } = await signedInFreeCustomer(t, { taxId: 'ESX1234567Z', country: 'ES', locale: 'es' });
  const catalogue = (await callAs(t, token, 'GET', '/api/user/plans')).body.data as PlansCatalogue;
  const offer = catalogue.plans.find((p) => p.code === plan)!.offers.find((o) => o.period.code === period)!;
  const paid = await callAs(t, token, 'POST', '/api/user/checkout', {
    offerId: offer.id,
    methodId,
    idempotencyKey: `checkout-${user.id}`,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const [subscription] = await t.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, user.id))
    .orderBy(asc(subscriptions.createdAt));
  return {
    user,
    token,
    subscriptionId: subscription!.id,
    periodEnd: subscription!.currentPeriodEnd!,
    payment: paid.body.data.payment as { id: string; invoiceId: string; invoiceNumber: string; amountCents: number },
  };
}
