import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plansCatalogueSchema, type Locale, type PlansCatalogue } from '@enlaza/contracts';
import { accountTypes, offers, plans, subscriptions, users } from '../../src/db/schema/index.js';
import { PlansAnswers, plansKey, type PlansState } from '../../src/modules/payments/plans-answers.js';
import { acceptedEncoding, PreparedBody } from '../../src/platform/compression.js';
import { join, perSeatOffer, teamOf } from '../helpers/seats-fixture.js';
import { ADMIN, bearer, createTestApp, login, type TestContext } from '../helpers/test-app.js';
import { freeCustomer } from '../helpers/subscriber.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STATE: PlansState = {
  version: 7,
  locale: 'es',
  accountTypeId: 'type-a',
  tax: {
    sellerCountry: 'ES',
    buyer: { country: 'FR', taxId: 'FR40303265045', territory: null },
    distanceSales: { thisYearCents: 5, previousYearCents: 6 },
  },
  running: { planId: 'plan-a', planIsFree: false, planSortOrder: 2, offerId: 'offer-a', periodMonths: 1 },
  seats: 3,
};

/** The state with one field changed, for every field of it (nested ones too), named by its path. */
function oneFieldChanged(state: Record<string, unknown>, path = ''): [string, Record<string, unknown>][] {
  return Object.entries(state).flatMap(([field, value]) => {
    const at = `${path}${field}`;
    const changed = (v: unknown) => ({ ...state, [field]: v });
    if (value && typeof value === 'object') {
      return [
        [at, changed(null)] as [string, Record<string, unknown>],
        ...oneFieldChanged(value as Record<string, unknown>, `${at}.`).map(
          ([name, inner]) => [name, changed(inner)] as [string, Record<string, unknown>],
        ),
      ];
    }
    const other =
      typeof value === 'number' ? value + 1 : typeof value === 'boolean' ? !value : typeof value === 'string' ? `${value}-other` : 'other';
    return [[at, changed(other)] as [string, Record<string, unknown>]];
  });
}

describe('the kept plans answers', () => {
  it('key on every field of the state: a state differing in any one field is another answer', () => {
    const variants = oneFieldChanged(STATE);
    // Every field of the type is in STATE (TypeScript requires it), so a field added to the state
    // for the answer to read is covered here without touching this test.
    expect(variants.map(([name]) => name)).toEqual([
      'version',
      'locale',
      'accountTypeId',
      'tax',
      'tax.sellerCountry',
      'tax.buyer',
      'tax.buyer.country',
      'tax.buyer.taxId',
      'tax.buyer.territory',
      'tax.distanceSales',
      'tax.distanceSales.thisYearCents',
      'tax.distanceSales.previousYearCents',
      'running',
      'running.planId',
      'running.planIsFree',
      'running.planSortOrder',
      'running.offerId',
      'running.periodMonths',
      'seats',
    ]);
    const body = (name: string) => new PreparedBody(Buffer.from(name));
    for (const [name, state] of variants) {
      expect(plansKey(state as PlansState), name).not.toBe(plansKey(STATE));
      // With STATE's answer kept, the state one field away is not answered with it.
      const answers = new PlansAnswers();
      answers.get(STATE, () => body('STATE'));
      expect(answers.get(STATE, () => body('made again')).body.plain.toString()).toBe('STATE');
      const answer = answers.get(state as PlansState, () => body(name));
      expect(answer.hit, name).toBe(false);
      expect(answer.body.plain.toString(), name).toBe(name);
    }
  });

  it('keep only the newest catalogue version, answer an older one without keeping it, and stay within their bytes', () => {
    const answers = new PlansAnswers(10_000);
    const body = (size: number) => new PreparedBody(Buffer.alloc(size, 'x'));
    answers.get(STATE, () => body(1000));
    expect(answers.get(STATE, () => body(1000)).hit).toBe(true);
    const newer = { ...STATE, version: STATE.version + 1 };
    expect(answers.get(newer, () => body(1000)).hit).toBe(false);
    expect(answers.stats()).toMatchObject({ entries: 1, bytes: 2000 });
    // A request that read the old version (it raced the change) is answered, not kept.
    expect(answers.get(STATE, () => body(1000)).hit).toBe(false);
    expect(answers.get(STATE, () => body(1000)).hit).toBe(false);
    expect(answers.stats().entries).toBe(1);
    // Each entry counts twice its JSON (room for its compressed copies): 10,000 bytes hold five of 1,000.
    for (let i = 0; i < 7; i++) answers.get({ ...newer, accountTypeId: `t${i}` }, () => body(1000));
    expect(answers.stats()).toMatchObject({ entries: 5, bytes: 10_000 });
    // The least recently used went first.
    expect(answers.get(newer, () => body(1000)).hit).toBe(false);
  });

  it('send the encoding the plugin would choose', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip, br;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('deflate')).toBe('identity');
    expect(acceptedEncoding('gzip;q=0')).toBe('identity');
    expect(acceptedEncoding(undefined)).toBe('identity');
  });
});

/** A Free customer, signed in, with no payment method. */
const customer = () => freeCustomer(t);

async function plansPage(token: string, locale: Locale = 'en', acceptEncoding?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user/plans',
    headers: { ...bearer(token), 'accept-language': locale, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });
  expect(res.statusCode).toBe(200);
  const encoding = res.headers['content-encoding'];
  const json = (
    encoding === 'br' ? brotliDecompressSync(res.rawPayload) : encoding === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload
  ).toString();
  return {
    hit: res.headers['server-timing'] === 'answer;desc=hit',
    encoding,
    headers: res.headers,
    json,
    data: plansCatalogueSchema.parse(JSON.parse(json).data),
  };
}

describe('GET /api/user/plans from kept answers', () => {
  it('answers a repeated state from memory, the same bytes in brotli, gzip or plain, shared by customers in that state', async () => {
    const { token } = await customer();
    const first = await plansPage(token);
    const again = await plansPage(token);
    expect(again.hit).toBe(true);
    expect(again.json).toBe(first.json);
    expect(JSON.parse(first.json)).toMatchObject({ ok: 1 });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const page = await plansPage(token, 'en', accept);
      expect(page.encoding).toBe(encoding);
      expect(page.json).toBe(first.json);
      expect(page.headers.vary).toMatch(/accept-encoding/i);
      expect(page.headers['cache-control']).toBe('no-store');
    }
    // Another Free customer of no account type reads the same answer.
    expect((await plansPage((await customer()).token)).hit).toBe(true);
  });

  it('follows everything the answer depends on: language, catalogue, account type, the running plan, offer and period', async () => {
    const { user, token } = await customer();
    const actor = { id: user.id, role: 'user' as const, locale: 'en' as const };
    let previous: PlansCatalogue | null = null;
    /** The route's answer is the one built now from the database, and not the one before (so a kept stale one would show). */
    const changed = async (locale: Locale = 'en', differs = true) => {
      const page = await plansPage(token, locale);
      expect(page.data).toEqual(await t.app.payments.plans(actor, locale));
      if (differs) expect(page.data).not.toEqual(previous);
      previous = page.data;
      expect((await plansPage(token, locale)).hit).toBe(true);
      return page.data;
    };
    const proOffer = (page: PlansCatalogue, period: string) =>
      page.plans.find((p) => p.code === 'pro')!.offers.find((o) => o.period.code === period)!;

    const free = await changed();
    expect(free.plans.map((p) => [p.code, p.current, p.change])).toEqual([
      ['free', true, 'current'],
      ['pro', false, 'upgrade'],
      ['business', false, 'upgrade'],
    ]);
    // Language.
    expect(proOffer(await changed('es'), 'yearly').period.name).toBe('Anual');
    expect(proOffer(await changed('en'), 'yearly').period.name).toBe('Yearly');
    // The catalogue, written behind the app's back.
    const monthly = proOffer(free, 'monthly');
    await t.db.update(offers).set({ priceCents: 999 }).where(eq(offers.id, monthly.id));
    expect(proOffer(await changed(), 'monthly').priceCents).toBe(999);
    await t.db.update(offers).set({ priceCents: monthly.priceCents }).where(eq(offers.id, monthly.id));
    await changed();
    // The customer's account type: an offer made for it appears.
    const [type] = await t.db
      .insert(accountTypes)
      .values({ code: `plans-${randomUUID().slice(0, 8)}`, name: 'Plans test' })
      .returning();
    const [special] = await t.db
      .insert(offers)
      .values({ planId: await planId('business'), billingPeriodId: await periodId('monthly'), accountTypeId: type!.id, priceCents: 4321 })
      .returning();
    await changed('en', false); // the catalogue moved (a new offer), still not this customer's: the same answer
    await t.db.update(users).set({ accountTypeId: type!.id }).where(eq(users.id, user.id));
    expect((await changed()).plans.flatMap((p) => p.offers.map((o) => o.id))).toContain(special!.id);
    // The running plan and offer: Pro monthly.
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    const proId = await planId('pro');
    await t.db.update(subscriptions).set({ planId: proId, offerId: monthly.id }).where(eq(subscriptions.id, sub!.id));
    const onMonthly = await changed();
    expect(onMonthly.currentOfferId).toBe(monthly.id);
    expect(proOffer(onMonthly, 'yearly').change).toBe('upgrade');
    // The same plan on its yearly offer: the monthly one is now a downgrade (the period's length counts).
    const yearly = proOffer(onMonthly, 'yearly');
    await t.db.update(subscriptions).set({ offerId: yearly.id }).where(eq(subscriptions.id, sub!.id));
    const onYearly = await changed();
    expect(proOffer(onYearly, 'monthly').change).toBe('downgrade');
    // The running plan's order: Pro moved above Business makes Business a downgrade.
    const [pro] = await t.db.select().from(plans).where(eq(plans.id, proId));
    await t.db.update(plans).set({ sortOrder: 100 }).where(eq(plans.id, proId));
    expect((await changed()).plans.find((p) => p.code === 'business')!.change).toBe('downgrade');
    await t.db.update(plans).set({ sortOrder: pro!.sortOrder }).where(eq(plans.id, proId));
    // No running subscription any more.
    await t.db.update(subscriptions).set({ status: 'cancelled' }).where(eq(subscriptions.id, sub!.id));
    const none = await changed();
    expect(none.currentPlanId).toBeNull();
    expect(none.plans.every((p) => !p.current)).toBe(true);
    await t.db.delete(offers).where(eq(offers.id, special!.id));
  });

  it('follows the seats the customer’s team fills: a per-seat offer’s total is for its members now', async () => {
    const { plan } = await perSeatOffer(t, await login(t.app, ADMIN), { priceCents: 1000, minSeats: 1 });
    const { user, token } = await customer();
    const actor = { id: user.id, role: 'user' as const, locale: 'en' as const };
    const perSeat = async (hit: boolean) => {
      const page = await plansPage(token);
      expect(page.hit).toBe(hit);
      expect(page.data).toEqual(await t.app.payments.plans(actor, 'en'));
      return page.data.plans.find((p) => p.id === plan.id)!.offers[0]!.perSeat;
    };
    await perSeat(false);
    expect(await perSeat(true)).toMatchObject({ minSeats: 1, seats: 1, total: { subtotalCents: 1000 } });
    const { teamId } = await teamOf(t, user.id, 2);
    expect(await perSeat(false)).toMatchObject({ seats: 2, total: { subtotalCents: 2000 } });
    await join(t, teamId, user.id, 1, { silent: true });
    expect(await perSeat(false)).toMatchObject({ seats: 3, total: { subtotalCents: 3000 } });
  });
});

async function planId(code: string) {
  const [row] = await t.db.select().from(plans).where(eq(plans.code, code));
  return row!.id;
}

async function periodId(code: string) {
  const [row] = await t.db.query.billingPeriods.findMany({ where: (p, { eq: is }) => is(p.code, code) });
  return row!.id;
}
