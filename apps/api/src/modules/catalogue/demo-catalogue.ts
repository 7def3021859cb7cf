import { count } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { accountTypes, addOns, billingPeriods, offers, plans, taxes } from './schema.js';

const MB = 1024 * 1024;
const GB = 1024 * MB;

/**
 * The demo catalogue of PRODUCT.md section 6 (billing periods, the default tax, account types, the
 * Free, Pro and Business plans with their offers, three add-ons), written on a first start unless the
 * catalogue already has a plan.
 */
export async function insertDemoCatalogue(tx: Transaction): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(plans);
  if ((existing?.n ?? 0) > 0) return;
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
        customDomains: 3,
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
