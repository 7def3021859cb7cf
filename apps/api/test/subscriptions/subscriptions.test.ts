import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendQuotaSchema, subscriptionDataSchema } from '@enlaza/contracts';
import { addOns, deliveries, plans, profiles, storedFiles, subscriptionAddOns, subscriptions } from '../../src/db/schema/index.js';
import { ADMIN, DEMO, bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string, token: string) => {
  const res = await t.app.inject({ url, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<unknown>();
};
const MB = 1024 * 1024;

async function planByCode(code: string) {
  const [plan] = await t.db.select().from(plans).where(eq(plans.code, code));
  if (!plan) throw new Error(code);
  return plan;
}

describe('GET /api/datasuscription', () => {
  it('gives the seeded demo user the Free plan with its quotas and real usage', async () => {
    const data = subscriptionDataSchema.parse(await get('/api/datasuscription', await login(t.app, DEMO)));
    expect(data.status).toBe('active');
    expect(data.plan).toMatchObject({ code: 'free', name: 'Free' });
    expect(data.limits).toEqual({ profiles: 1, tags: 1, storageBytes: 50 * MB, sendsPerMonth: 100 });
    expect(data.usage).toEqual({ profiles: 1, tags: 0, storageBytes: 0, sendsThisMonth: 0 });
    expect(data.periodStart).not.toBeNull();
    expect(data.addOns).toEqual([]);
  });

  it('seeds the demo user on the plan DEMO_PLAN names', async () => {
    const pro = await createTestApp({ DEMO_PLAN: 'pro' });
    try {
      const data = subscriptionDataSchema.parse(
        (await pro.app.inject({ url: '/api/datasuscription', headers: bearer(await login(pro.app, DEMO)) })).json(),
      );
      expect(data.plan).toMatchObject({ code: 'pro' });
      expect(data.limits).toMatchObject({ profiles: 10, tags: 10 });
    } finally {
      await pro.close();
    }
  });

  it('answers an admin with an object too: no plan, status none', async () => {
    const data = subscriptionDataSchema.parse(await get('/api/datasuscription', await login(t.app, ADMIN)));
    expect(data).toMatchObject({
      id: null,
      status: 'none',
      plan: null,
      limits: { profiles: 0, tags: 0, storageBytes: 0, sendsPerMonth: 0 },
    });
  });

  it('adds the add-ons still valid to the plan limits and counts usage per user', async () => {
    const user = await insertUser(t.db);
    const pro = await planByCode('pro');
    const [sub] = await t.db
      .insert(subscriptions)
      .values({
        userId: user.id,
        planId: pro.id,
        status: 'active',
        currentPeriodStart: new Date(),
        currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning();
    const [sends] = await t.db.select().from(addOns).where(eq(addOns.code, 'sends-1000'));
    const [cards] = await t.db.select().from(addOns).where(eq(addOns.code, 'cards-5'));
    await t.db.insert(subscriptionAddOns).values([
      { subscriptionId: sub!.id, addOnId: sends!.id, validUntil: new Date(Date.now() + 86_400_000) },
      { subscriptionId: sub!.id, addOnId: cards!.id, validUntil: new Date(Date.now() - 1000) }, // expired
    ]);
    await t.db.insert(profiles).values([
      { userId: user.id, kind: 'card', name: 'a' },
      { userId: user.id, kind: 'tag', name: 'b' },
      { userId: user.id, kind: 'card', name: 'deleted', deletedAt: new Date() },
    ]);
    await t.db.insert(storedFiles).values([
      { userId: user.id, name: 'a.png', sizeBytes: 3 * MB },
      { userId: user.id, name: 'gone.png', sizeBytes: 9 * MB, deletedAt: new Date() },
    ]);
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1) - 1000);
    await t.db.insert(deliveries).values([
      { userId: user.id, kind: 'campaign', toEmail: 'a@x.example', subject: 's' },
      { userId: user.id, kind: 'reply', toEmail: 'b@x.example', subject: 's' },
      { userId: user.id, kind: 'system', toEmail: 'c@x.example', subject: 'verify' },
      { userId: user.id, kind: 'campaign', toEmail: 'd@x.example', subject: 'old', createdAt: lastMonth },
    ]);

    const token = await login(t.app, user);
    const data = subscriptionDataSchema.parse(await get('/api/datasuscription', token));
    expect(data.plan?.code).toBe('pro');
    expect(data.limits).toEqual({ profiles: 10, tags: 10, storageBytes: 2048 * MB, sendsPerMonth: 6_000 });
    expect(data.plan?.limits.sendsPerMonth).toBe(5_000);
    // Names in the viewer's language: English without an Accept-Language or a saved language.
    expect(data.addOns.map((a) => a.name)).toEqual(['+1,000 sends']);
    // Trashed files still occupy storage until the trash is purged (the deleted 9 MB file counts).
    expect(data.usage).toEqual({ profiles: 1, tags: 1, storageBytes: 12 * MB, sendsThisMonth: 2 });

    const quota = sendQuotaSchema.parse(await get('/api/envio/data', token));
    expect(quota).toMatchObject({ used: 2, limit: 6_000, remaining: 5_998 });
    expect(new Date(quota.periodStart).getUTCDate()).toBe(1);
    expect(new Date(quota.periodEnd).getTime()).toBeGreaterThan(Date.now());

    // Another user's usage is not mixed in.
    const demo = subscriptionDataSchema.parse(await get('/api/datasuscription', await login(t.app, DEMO)));
    expect(demo.usage.sendsThisMonth).toBe(0);
  });

  it('falls back to the Free limits when the subscription has expired', async () => {
    const user = await insertUser(t.db);
    const business = await planByCode('business');
    await t.db.insert(subscriptions).values({
      userId: user.id,
      planId: business.id,
      status: 'expired',
      currentPeriodStart: new Date(Date.now() - 60 * 86_400_000),
      currentPeriodEnd: new Date(Date.now() - 30 * 86_400_000),
    });
    const data = subscriptionDataSchema.parse(await get('/api/datasuscription', await login(t.app, user)));
    expect(data.status).toBe('expired');
    expect(data.plan?.code).toBe('free');
    expect(data.limits.profiles).toBe(1);
  });

  it('needs a token', async () => {
    for (const url of ['/api/datasuscription', '/api/envio/data']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ ok: 0, code: 'auth.unauthenticated' });
    }
  });
});

describe('GET /api/envio/data', () => {
  it('answers period, used, limit and remaining for the Free plan', async () => {
    const quota = sendQuotaSchema.strict().parse(await get('/api/envio/data', await login(t.app, DEMO)));
    expect(quota).toMatchObject({ used: 0, limit: 100, remaining: 100 });
  });
});
