import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, plans, subscriptionAddOns, subscriptions } from '../../src/db/schema/index.js';
import { ADMIN, DEMO, bearer, createTestApp, login, queueIdle, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const asAdmin = (method: Method, url: string, payload?: object, lang = 'en') =>
  t.app.inject({ method, url, headers: { ...bearer(admin), 'accept-language': lang }, ...(payload && { payload }) });
const names = (en: string, es = `${en} es`, jp = `${en} jp`) => ({ en, es, jp });
const list = async <T = Record<string, unknown>>(kind: string, lang = 'en') =>
  (await asAdmin('GET', `/api/admin/${kind}`, undefined, lang)).json().data as T[];
const history = async (action: string) => {
  // History rows follow their events: wait for them to be delivered.
  await queueIdle(t.app, 'event.');
  return (await asAdmin('GET', `/api/admin/historial?action=${action}`)).json().data as {
    targetType: string;
    targetId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];
};

describe('admin catalogue', () => {
  it('answers 403 to a user and 401 without a token, on every kind', async () => {
    const user = await login(t.app, DEMO);
    for (const kind of ['billing-periods', 'taxes', 'plans', 'offers', 'add-ons']) {
      expect((await t.app.inject({ url: `/api/admin/${kind}`, headers: bearer(user) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/${kind}`, headers: bearer(user), payload: {} })).statusCode).toBe(403);
      expect((await t.app.inject({ url: `/api/admin/${kind}` })).statusCode).toBe(401);
    }
  });

  it("lists the seeded demo catalogue as PRODUCT.md describes it, in the viewer's language", async () => {
    const periods = await list<{ code: string; name: string; months: number }>('billing-periods', 'es');
    expect(periods.map((p) => [p.code, p.name, p.months])).toEqual([
      ['monthly', 'Mensual', 1],
      ['yearly', 'Anual', 12],
    ]);
    expect((await list<{ name: string }>('billing-periods', 'jp')).map((p) => p.name)).toEqual(['月払い', '年払い']);
    const [tax] = await list<{ name: string; rateBasisPoints: number; isDefault: boolean }>('taxes', 'es');
    expect(tax).toMatchObject({ name: 'IVA 21 %', rateBasisPoints: 2100, isDefault: true });
    const planRows = await list<{
      code: string;
      maxProfiles: number;
      maxTags: number;
      storageBytes: number;
      sendsPerMonth: number;
      uses: number;
      name: string;
    }>('plans', 'es');
    expect(planRows.map((p) => [p.code, p.name, p.maxProfiles, p.maxTags, p.storageBytes, p.sendsPerMonth])).toEqual([
      ['free', 'Gratis', 1, 1, 50 * 1024 ** 2, 100],
      ['pro', 'Pro', 10, 10, 2 * 1024 ** 3, 5_000],
      ['business', 'Business', 100, 100, 20 * 1024 ** 3, 50_000],
    ]);
    const offerRows = await list<{ name: string; priceCents: number }>('offers');
    expect(offerRows.map((o) => [o.name, o.priceCents]).sort()).toEqual([
      ['Business · Monthly', 2900],
      ['Business · Yearly', 29000],
      ['Pro · Monthly', 900],
      ['Pro · Yearly', 9000],
    ]);
    const addOnRows = await list<{ code: string; kind: string; quantity: number; priceCents: number; name: string }>('add-ons', 'jp');
    expect(addOnRows.map((a) => [a.code, a.kind, a.quantity, a.priceCents]).sort()).toEqual([
      ['cards-5', 'extra_cards', 5, 400],
      ['sends-1000', 'extra_sends', 1000, 500],
      ['storage-1gb', 'extra_storage', 1024 ** 3, 300],
    ]);
    expect(addOnRows.find((a) => a.code === 'cards-5')?.name).toBe('カード +5 枚');
  });

  it('refuses bad input with 422 and a translated error on each field', async () => {
    const res = await asAdmin(
      'POST',
      '/api/admin/taxes',
      { names: { en: ' ', es: 'x'.repeat(81) }, rateBasisPoints: 10_001, isDefault: 'yes' },
      'es',
    );
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['names.en', 'names.es', 'rateBasisPoints', 'isDefault']));
    // Only English is required: a missing Japanese name is no error.
    expect(Object.keys(body.errors)).not.toContain('names.jp');
    expect(body.errors['names.es'][0]).toMatch(/\S/);
    expect(body.message).not.toMatch(/validation\./);
    const offer = await asAdmin('POST', '/api/admin/offers', {
      planId: 'nope',
      billingPeriodId: crypto.randomUUID(),
      accountTypeId: null,
      priceCents: 12.5,
      taxId: null,
      visible: true,
    });
    expect(offer.statusCode).toBe(422);
    const missing = await asAdmin(
      'POST',
      '/api/admin/offers',
      {
        planId: crypto.randomUUID(),
        billingPeriodId: crypto.randomUUID(),
        accountTypeId: null,
        priceCents: 1250,
        taxId: null,
        visible: true,
      },
      'en',
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'catalogue.reference_invalid', message: 'Choose an existing item from the list.' });
    const code = await asAdmin('POST', '/api/admin/plans', {
      code: 'pro',
      names: names('Pro 2'),
      maxProfiles: 1,
      maxTags: 1,
      storageBytes: 1,
      sendsPerMonth: 1,
      sortOrder: 9,
    });
    expect(code.statusCode).toBe(409);
    expect(code.json().code).toBe('catalogue.code_taken');
  });

  it('creates, edits, deactivates, reactivates and deletes an unused tax; the history keeps before and after', async () => {
    const created = await asAdmin('POST', '/api/admin/taxes', {
      names: { en: 'Reduced VAT 10 %', es: 'IVA reducido 10 %', jp: '軽減税率 10 %' },
      descriptions: { en: 'Food' },
      rateBasisPoints: 1000,
      isDefault: false,
    });
    expect(created.statusCode).toBe(201);
    const tax = created.json().data;
    expect(tax).toMatchObject({
      name: 'Reduced VAT 10 %',
      rateBasisPoints: 1000,
      isDefault: false,
      active: true,
      uses: 0,
      descriptions: { en: 'Food', es: '', jp: '' },
    });
    const edited = await asAdmin(
      'PUT',
      `/api/admin/taxes/${tax.id}`,
      { names: { en: 'Reduced VAT 10 %', es: 'IVA reducido', jp: '軽減税率 10 %' }, rateBasisPoints: 1050, isDefault: false },
      'es',
    );
    expect(edited.json().data).toMatchObject({ name: 'IVA reducido', rateBasisPoints: 1050 });
    const [update] = (await history('admin.catalogue_updated')).filter((e) => e.targetId === tax.id);
    expect(update).toMatchObject({
      targetType: 'tax',
      before: { rateBasisPoints: 1000, nameEs: 'IVA reducido 10 %' },
      after: { rateBasisPoints: 1050, nameEs: 'IVA reducido' },
    });
    expect((await asAdmin('POST', `/api/admin/taxes/${tax.id}/deactivate`)).json().data.active).toBe(false);
    expect((await history('admin.catalogue_deactivated')).find((e) => e.targetId === tax.id)).toMatchObject({
      before: { active: true },
      after: { active: false },
    });
    expect((await asAdmin('POST', `/api/admin/taxes/${tax.id}/activate`)).json().data.active).toBe(true);
    expect((await asAdmin('DELETE', `/api/admin/taxes/${tax.id}`)).statusCode).toBe(200);
    expect((await list<{ id: string }>('taxes')).map((x) => x.id)).not.toContain(tax.id);
    expect((await history('admin.catalogue_deleted')).find((e) => e.targetId === tax.id)).toMatchObject({
      targetType: 'tax',
      before: { rateBasisPoints: 1050 },
    });
    expect(
      (await asAdmin('PUT', `/api/admin/taxes/${tax.id}`, { names: names('x'), rateBasisPoints: 1, isDefault: false })).statusCode,
    ).toBe(404);
  });

  it('keeps exactly one default tax, which cannot be deactivated or deleted', async () => {
    const [seeded] = await list<{ id: string }>('taxes');
    expect((await asAdmin('POST', `/api/admin/taxes/${seeded!.id}/deactivate`)).statusCode).toBe(409);
    const other = (await asAdmin('POST', '/api/admin/taxes', { names: names('VAT 20 %'), rateBasisPoints: 2000, isDefault: true })).json()
      .data;
    const defaults = (await list<{ id: string; isDefault: boolean }>('taxes')).filter((x) => x.isDefault);
    expect(defaults.map((x) => x.id)).toEqual([other.id]);
    expect((await asAdmin('DELETE', `/api/admin/taxes/${other.id}`)).json().code).toBe('catalogue.default_tax');
    // The seeded tax becomes the default again, as it was.
    await asAdmin('PUT', `/api/admin/taxes/${seeded!.id}`, {
      names: { en: 'VAT 21 %', es: 'IVA 21 %', jp: '付加価値税 21 %' },
      rateBasisPoints: 2100,
      isDefault: true,
    });
    expect((await asAdmin('DELETE', `/api/admin/taxes/${other.id}`)).statusCode).toBe(200);
  });

  it('deactivates a plan in use but refuses to delete it; an unused plan is deleted', async () => {
    const free = (await list<{ id: string; code: string; uses: number }>('plans')).find((p) => p.code === 'free')!;
    expect(free.uses).toBeGreaterThan(0);
    const refused = await asAdmin('DELETE', `/api/admin/plans/${free.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'catalogue.in_use' });
    expect((await asAdmin('POST', `/api/admin/plans/${free.id}/deactivate`)).json().data).toMatchObject({ active: false });
    expect((await asAdmin('POST', `/api/admin/plans/${free.id}/activate`)).json().data).toMatchObject({ active: true });

    const body = {
      code: 'starter',
      names: { en: 'Starter', es: 'Inicial', jp: 'スターター' },
      maxProfiles: 3,
      maxTags: 2,
      storageBytes: 500 * 1024 ** 2,
      sendsPerMonth: 1000,
      sortOrder: 1,
    };
    const starter = (await asAdmin('POST', '/api/admin/plans', body, 'jp')).json().data;
    expect(starter).toMatchObject({ name: 'スターター', maxProfiles: 3, uses: 0, isFree: false });
    expect((await asAdmin('DELETE', `/api/admin/plans/${starter.id}`)).statusCode).toBe(200);
  });

  it('creates an offer once per plan, period and account type, names it, and deletes it only while unused', async () => {
    const [pro] = (await list<{ id: string; code: string }>('plans')).filter((p) => p.code === 'pro');
    const period = (
      await asAdmin('POST', '/api/admin/billing-periods', {
        code: 'quarterly',
        names: { en: 'Quarterly', es: 'Trimestral', jp: '四半期' },
        months: 3,
      })
    ).json().data;
    const [tax] = await list<{ id: string }>('taxes');
    const business = ((await (await t.app.inject({ url: '/api/account-types' })).json().data) as { id: string; code: string }[]).find(
      (x) => x.code === 'business',
    )!;
    const body = {
      planId: pro!.id,
      billingPeriodId: period.id,
      accountTypeId: business.id,
      priceCents: 2500,
      taxId: tax!.id,
      visible: false,
    };
    const created = await asAdmin('POST', '/api/admin/offers', body, 'es');
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      name: 'Pro · Trimestral',
      priceCents: 2500,
      currency: 'EUR',
      visible: false,
      active: true,
      uses: 0,
    });
    expect((await asAdmin('POST', '/api/admin/offers', body)).json().code).toBe('catalogue.offer_exists');
    // The same plan and period for every account type is another offer.
    const forAll = await asAdmin('POST', '/api/admin/offers', { ...body, accountTypeId: null });
    expect(forAll.statusCode).toBe(201);
    expect((await asAdmin('POST', '/api/admin/offers', { ...body, accountTypeId: null })).statusCode).toBe(409);
    // The period is now in use.
    expect((await asAdmin('DELETE', `/api/admin/billing-periods/${period.id}`)).statusCode).toBe(409);
    const id = created.json().data.id;
    const edited = await asAdmin('PUT', `/api/admin/offers/${id}`, { ...body, priceCents: 2400, visible: true });
    expect(edited.json().data).toMatchObject({ priceCents: 2400, visible: true });
    expect((await history('admin.catalogue_updated')).find((e) => e.targetId === id)).toMatchObject({
      targetType: 'offer',
      before: { priceCents: 2500, visible: false },
      after: { priceCents: 2400, visible: true },
    });
    expect((await asAdmin('DELETE', `/api/admin/offers/${id}`)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/api/admin/offers/${forAll.json().data.id}`)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/api/admin/billing-periods/${period.id}`)).statusCode).toBe(200);
  });

  it('editing an offer and its plan leaves the running subscriptions as they were', async () => {
    const [proMonthly] = await t.db.select().from(offers).innerJoin(plans, eq(plans.id, offers.planId)).where(eq(plans.code, 'pro'));
    const demoSub = (await t.db.select().from(subscriptions))[0]!;
    await t.db
      .update(subscriptions)
      .set({ planId: proMonthly!.plans.id, offerId: proMonthly!.offers.id })
      .where(eq(subscriptions.id, demoSub.id));
    const before = (await t.db.select().from(subscriptions).where(eq(subscriptions.id, demoSub.id)))[0]!;
    const offer = proMonthly!.offers;
    await asAdmin('PUT', `/api/admin/offers/${offer.id}`, {
      planId: offer.planId,
      billingPeriodId: offer.billingPeriodId,
      accountTypeId: offer.accountTypeId,
      priceCents: 1900,
      taxId: null,
      visible: true,
    });
    expect((await asAdmin('DELETE', `/api/admin/offers/${offer.id}`)).json()).toMatchObject({ code: 'catalogue.in_use' });
    expect((await asAdmin('POST', `/api/admin/offers/${offer.id}/deactivate`)).json().data.active).toBe(false);
    const after = (await t.db.select().from(subscriptions).where(eq(subscriptions.id, demoSub.id)))[0]!;
    expect(after).toEqual(before);
    // Restore the seeded price and state.
    await asAdmin('PUT', `/api/admin/offers/${offer.id}`, {
      planId: offer.planId,
      billingPeriodId: offer.billingPeriodId,
      accountTypeId: offer.accountTypeId,
      priceCents: offer.priceCents,
      taxId: null,
      visible: true,
    });
    await asAdmin('POST', `/api/admin/offers/${offer.id}/activate`);
    await t.db.update(subscriptions).set({ planId: demoSub.planId, offerId: demoSub.offerId }).where(eq(subscriptions.id, demoSub.id));
  });

  it('stores an add-on as a kind and a quantity, and refuses an unknown kind or a negative price', async () => {
    const created = await asAdmin('POST', '/api/admin/add-ons', {
      code: 'tags-20',
      names: { en: '+20 cards', es: '+20 perfiles', jp: 'カード +20 枚' },
      kind: 'extra_cards',
      quantity: 20,
      priceCents: 1299,
      taxId: null,
    });
    expect(created.statusCode).toBe(201);
    const addOn = created.json().data;
    expect(addOn).toMatchObject({ kind: 'extra_cards', quantity: 20, priceCents: 1299 });
    const edited = await asAdmin('PUT', `/api/admin/add-ons/${addOn.id}`, {
      code: 'storage-5gb',
      names: names('+5 GB'),
      kind: 'extra_storage',
      quantity: 5 * 1024 ** 3,
      priceCents: 1000,
      taxId: null,
    });
    expect(edited.json().data).toMatchObject({ code: 'storage-5gb', kind: 'extra_storage', quantity: 5 * 1024 ** 3 });
    expect((await history('admin.catalogue_updated')).find((e) => e.targetId === addOn.id)).toMatchObject({
      before: { kind: 'extra_cards', quantity: 20, priceCents: 1299 },
      after: { kind: 'extra_storage', priceCents: 1000 },
    });
    expect(
      (
        await asAdmin('POST', '/api/admin/add-ons', {
          code: 'x',
          names: names('x'),
          kind: 'extra_gold',
          quantity: 0,
          priceCents: -1,
          taxId: null,
        })
      ).statusCode,
    ).toBe(422);
    // Bought once (a subscription's add-on, counted by the subscriptions module): in use, not deleted.
    const [bought] = await t.db
      .insert(subscriptionAddOns)
      .values({ subscriptionId: (await t.db.select().from(subscriptions))[0]!.id, addOnId: addOn.id })
      .returning();
    expect((await list<{ id: string; uses: number }>('add-ons')).find((a) => a.id === addOn.id)?.uses).toBe(1);
    expect((await asAdmin('DELETE', `/api/admin/add-ons/${addOn.id}`)).json()).toMatchObject({ code: 'catalogue.in_use' });
    await t.db.delete(subscriptionAddOns).where(eq(subscriptionAddOns.id, bought!.id));
    expect((await asAdmin('DELETE', `/api/admin/add-ons/${addOn.id}`)).statusCode).toBe(200);
  });

  it('deletes an unused account type and refuses one that users have', async () => {
    const created = (await asAdmin('POST', '/api/admin/account-types', { code: 'club', names: names('Club'), requiresTaxId: false })).json()
      .data;
    expect((await asAdmin('DELETE', `/api/admin/account-types/${created.id}`)).statusCode).toBe(200);
    expect((await history('admin.account_type_deleted')).find((e) => e.targetId === created.id)).toMatchObject({
      before: { code: 'club', nameEn: 'Club' },
    });
    const personal = (await list<{ id: string; code: string }>('../admin/account-types')).find((x) => x.code === 'personal');
    expect((await asAdmin('DELETE', `/api/admin/account-types/${personal!.id}`)).statusCode).toBe(409);
  });
});
