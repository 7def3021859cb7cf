import { count, eq, sql } from 'drizzle-orm';
import { hashPassword, randomToken } from '../lib/crypto.js';
import type { Database, Transaction as Tx } from './client.js';
import { nextCustomerCode } from '../modules/account/index.js';
import { activateAccount } from '../modules/registration/index.js';
import { accountTypes, addOns, billingPeriods, campaignSenders, offers, plans, subscriptions, taxes, users } from './schema/index.js';

const MB = 1024 * 1024;
const GB = 1024 * MB;

type Credentials = { email?: string | undefined; password?: string | undefined };
/** `plan`: code of the demo user's plan (its quotas); the Free plan unless DEMO_PLAN says otherwise. */
export type SeedOptions = { admin: Credentials; demo: Credentials & { plan?: 'free' | 'pro' | 'business' } };
export type SeededAccount = { email: string; password: string; generated: boolean };

async function seedCatalogue(tx: Tx) {
  const [monthly, yearly] = await tx
    .insert(billingPeriods)
    .values([
      { code: 'monthly', name: 'Mensual', names: { en: 'Monthly', es: 'Mensual', jp: '月払い' }, months: 1 },
      { code: 'yearly', name: 'Anual', names: { en: 'Yearly', es: 'Anual', jp: '年払い' }, months: 12 },
    ])
    .returning();
  await tx
    .insert(taxes)
    .values({ name: 'IVA 21 %', names: { en: 'VAT 21 %', es: 'IVA 21 %', jp: '付加価値税 21 %' }, rateBasisPoints: 2100, isDefault: true });
  await tx.insert(accountTypes).values([
    { code: 'personal', name: 'Personal', names: { en: 'Personal', es: 'Personal', jp: '個人' }, requiresTaxId: false },
    { code: 'business', name: 'Empresa', names: { en: 'Business', es: 'Empresa', jp: '法人' }, requiresTaxId: true },
  ]);
  const [, pro, business] = await tx
    .insert(plans)
    .values([
      {
        code: 'free',
        name: 'Free',
        names: { en: 'Free', es: 'Gratis', jp: '無料' },
        maxProfiles: 1,
        maxTags: 1,
        storageBytes: 50 * MB,
        sendsPerMonth: 100,
        isFree: true,
        sortOrder: 0,
      },
      {
        code: 'pro',
        name: 'Pro',
        names: { en: 'Pro', es: 'Pro', jp: 'プロ' },
        maxProfiles: 10,
        maxTags: 10,
        storageBytes: 2 * GB,
        sendsPerMonth: 5_000,
        sortOrder: 1,
      },
      {
        code: 'business',
        name: 'Business',
        names: { en: 'Business', es: 'Business', jp: 'ビジネス' },
        maxProfiles: 100,
        maxTags: 100,
        storageBytes: 20 * GB,
        sendsPerMonth: 50_000,
        sortOrder: 2,
      },
    ])
    .returning();
  if (!monthly || !yearly || !pro || !business) throw new Error('catalogue seed failed');
  await tx.insert(offers).values([
    { planId: pro.id, billingPeriodId: monthly.id, priceCents: 900 },
    { planId: pro.id, billingPeriodId: yearly.id, priceCents: 9_000 },
    { planId: business.id, billingPeriodId: monthly.id, priceCents: 2_900 },
    { planId: business.id, billingPeriodId: yearly.id, priceCents: 29_000 },
  ]);
  await tx.insert(addOns).values([
    {
      code: 'sends-1000',
      name: '+1.000 envíos',
      names: { en: '+1,000 sends', es: '+1.000 envíos', jp: '送信 +1,000 通' },
      priceCents: 500,
      extraSends: 1_000,
    },
    {
      code: 'cards-5',
      name: '+5 perfiles',
      names: { en: '+5 cards', es: '+5 perfiles', jp: 'カード +5 枚' },
      priceCents: 400,
      extraProfiles: 5,
    },
    { code: 'storage-1gb', name: '+1 GB', names: { en: '+1 GB', es: '+1 GB', jp: '+1 GB' }, priceCents: 300, extraStorageBytes: GB },
  ]);
}

function credentials(given: Credentials, fallbackEmail: string): SeededAccount {
  return given.password
    ? { email: (given.email ?? fallbackEmail).toLowerCase(), password: given.password, generated: false }
    : { email: (given.email ?? fallbackEmail).toLowerCase(), password: randomToken(12), generated: true };
}

/**
 * First start on an empty database: the demo catalogue of PRODUCT.md section 6, one admin and one
 * demo user (verified, with a main profile and the Free subscription). Does nothing when users exist.
 */
export async function seedIfEmpty(db: Database, options: SeedOptions): Promise<{ admin: SeededAccount; demo: SeededAccount } | null> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return null;
  let seeded = false;

  const admin = credentials(options.admin, 'admin@enlaza.local');
  const demo = credentials(options.demo, 'demo@enlaza.local');
  const [adminHash, demoHash] = await Promise.all([hashPassword(admin.password), hashPassword(demo.password)]);

  await db.transaction(async (tx) => {
    // Several processes starting together on an empty PostgreSQL: one seeds, the others see it done.
    await tx.execute(sql`select pg_advisory_xact_lock(727160102)`);
    const [again] = await tx.select({ n: count() }).from(users);
    if ((again?.n ?? 0) > 0) return;
    seeded = true;
    const [hasPlans] = await tx.select({ n: count() }).from(plans);
    if ((hasPlans?.n ?? 0) === 0) await seedCatalogue(tx);
    const [personal] = await tx.select().from(accountTypes).where(eq(accountTypes.code, 'personal'));
    const now = new Date();

    await tx.insert(users).values({
      email: admin.email,
      name: 'Admin',
      alias: 'admin',
      codigo: await nextCustomerCode(tx),
      role: 'admin',
      status: 'active',
      passwordHash: adminHash,
      emailVerifiedAt: now,
    });
    const [demoUser] = await tx
      .insert(users)
      .values({
        email: demo.email,
        name: 'Demo User',
        alias: 'demo',
        codigo: await nextCustomerCode(tx),
        role: 'user',
        status: 'pending',
        passwordHash: demoHash,
        accountTypeId: personal?.id ?? null,
      })
      .returning();
    if (!demoUser) throw new Error('demo user seed failed');
    await activateAccount(tx, demoUser, now);
    // The demo account can send a campaign at once: who it comes from is already said.
    await tx
      .insert(campaignSenders)
      .values({ userId: demoUser.id, name: 'Demo User', postalAddress: 'Calle de Alcalá 1\n28014 Madrid\nSpain' });
    if (options.demo.plan && options.demo.plan !== 'free') {
      const [plan] = await tx.select().from(plans).where(eq(plans.code, options.demo.plan));
      if (plan) await tx.update(subscriptions).set({ planId: plan.id }).where(eq(subscriptions.userId, demoUser.id));
    }
  });
  return seeded ? { admin, demo } : null;
}
