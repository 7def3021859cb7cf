import type { PlansCatalogue } from '@enlaza/contracts';
import { startRedsysStandIn, type Deliver, type RedsysStandIn } from './redsys-stand-in.js';
import { freeCustomer } from './subscriber.js';
import { ADMIN, bearer, createTestApp, login, type TestContext } from './test-app.js';

/** Our app's public URL in the Redsys tests: where Redsys sends the customer back and posts its notifications. */
export const REDSYS_PUBLIC_URL = 'https://enlaza.test';

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
 * can say what never reached us; `checkDelivery` sees each notification's URL first.
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
  return {
    t: app,
    standIn,
    admin: await login(app.app, ADMIN),
    toApp,
    received,
    /** A customer on the Free plan, signed in, with no payment method. */
    customer: () => freeCustomer(app),
    /** Pro's monthly offer as the customer's catalogue shows it. */
    proMonthly: async (token: string) => {
      const catalogue = (await toApp('GET', '/api/user/plans', { token })).body.data as PlansCatalogue;
      return catalogue.plans.find((p) => p.code === 'pro')!.offers.find((o) => o.period.code === 'monthly')!;
    },
    close: async () => {
      await app.close();
      await standIn.close();
    },
  };
}
export type RedsysApp = Awaited<ReturnType<typeof startRedsysApp>>;
