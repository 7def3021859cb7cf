import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, subscriptions } from '../../src/db/schema/index.js';
import { pdfText } from '../helpers/pdf-text.js';
import { ADMIN, bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';
import { saveTestMethodAs, TEST_METHODS } from '../helpers/sandbox-methods.js';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN);
}, 240_000);
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const as = (token: string, method: Method, url: string, language: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(token), 'accept-language': language }, ...(payload && { payload }) });

describe('catalogue items named in English only', () => {
  it('are created with only an English name, and every reader shows it to Spanish and Japanese viewers', async () => {
    // A plan and an add-on with only their English name (empty and null other names are accepted too).
    const plan = await as(admin, 'POST', '/api/admin/plans', 'es', {
      code: 'starter',
      names: { en: 'Starter' },
      maxProfiles: 3,
      maxTags: 3,
      storageBytes: 100 * 1024 ** 2,
      sendsPerMonth: 500,
      sortOrder: 5,
      isFree: false,
    });
    expect(plan.statusCode, plan.body).toBe(201);
    expect(plan.json().data).toMatchObject({ name: 'Starter', names: { en: 'Starter', es: '', jp: '' } });
    const addOn = await as(admin, 'POST', '/api/admin/add-ons', 'jp', {
      code: 'boost',
      names: { en: 'Boost', es: '', jp: null },
      kind: 'extra_sends',
      quantity: 250,
      priceCents: 200,
      taxId: null,
    });
    expect(addOn.statusCode, addOn.body).toBe(201);
    expect(addOn.json().data).toMatchObject({ name: 'Boost', names: { en: 'Boost', es: '', jp: '' } });
    // Stored without the empty languages.
    const [stored] = await t.db.select({ names: plans.names }).from(plans).where(eq(plans.code, 'starter'));
    expect(stored!.names).toEqual({ en: 'Starter' });

    // The admin's lists, and an offer named after the plan, in Spanish and Japanese.
    const periods = (await as(admin, 'GET', '/api/admin/billing-periods', 'en')).json().data as { id: string; code: string }[];
    const monthly = periods.find((p) => p.code === 'monthly')!;
    const offer = await as(admin, 'POST', '/api/admin/offers', 'jp', {
      planId: plan.json().data.id,
      billingPeriodId: monthly.id,
      accountTypeId: null,
      priceCents: 500,
      taxId: null,
      visible: true,
    });
    expect(offer.statusCode, offer.body).toBe(201);
    expect(offer.json().data.name).toBe('Starter · 月払い');
    for (const language of ['es', 'jp']) {
      const rows = (await as(admin, 'GET', '/api/admin/plans', language)).json().data as { code: string; name: string }[];
      expect(rows.find((r) => r.code === 'starter')?.name).toBe('Starter');
      const addOns = (await as(admin, 'GET', '/api/admin/add-ons', language)).json().data as { code: string; name: string }[];
      expect(addOns.find((r) => r.code === 'boost')?.name).toBe('Boost');
    }

    // A Spanish customer: the plans page and the add-ons in Spanish and Japanese.
    const user = await insertUser(t.db, { locale: 'es', country: 'ES', taxId: 'ESX1234567Z' });
    const [free] = await t.db.select().from(plans).where(eq(plans.code, 'free'));
    await t.db.insert(subscriptions).values({ userId: user.id, planId: free!.id, status: 'active', currentPeriodStart: new Date() });
    const token = await login(t.app, user);
    for (const language of ['es', 'jp']) {
      const catalogue = (await as(token, 'GET', '/api/user/plans', language)).json().data as {
        plans: { code: string; name: string; offers: { id: string }[] }[];
      };
      expect(catalogue.plans.find((p) => p.code === 'starter')?.name).toBe('Starter');
      expect(JSON.stringify((await as(token, 'GET', '/api/user/paquetes', language)).json().data)).toContain('Boost');
    }

    // Bought: the payment, the subscription data and the invoice (its lines and its PDF) name it in English.
    const card = await saveTestMethodAs(t, token, TEST_METHODS.ok, { holder: 'Lucía Pérez' });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const paid = await as(token, 'POST', '/api/user/checkout', 'es', {
      offerId: offer.json().data.id,
      methodId: card.body.data.id,
      idempotencyKey: `checkout-starter-${user.id}`,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    for (const language of ['es', 'jp']) {
      const data = (await as(token, 'GET', '/api/datasuscription', language)).json();
      expect(data.plan).toMatchObject({ code: 'starter', name: 'Starter' });
    }
    const invoiceId = paid.json().data.payment.invoiceId as string;
    const invoice = (await as(token, 'GET', `/api/invoices/${invoiceId}`, 'es')).json().data;
    expect(JSON.stringify(invoice)).toContain('Starter');
    for (const language of ['es', 'jp']) {
      const pdf = await as(token, 'GET', `/api/invoices/${invoiceId}/pdf`, language);
      expect(pdf.statusCode).toBe(200);
      expect(await pdfText(pdf.rawPayload)).toContain('Starter');
    }
  });
});
