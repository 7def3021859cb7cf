import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { billingPeriods, offers, paymentMethods, paymentSandboxObjects, plans, subscriptions, users } from '../../src/db/schema/index.js';

/** `total` Pro monthly subscribers whose period ended at `periodEnd`, each with a working default card. */
export async function seedDueSubscriptions(db: Database, total: number, periodEnd: Date, prefix = 'renew') {
  const [pro] = await db.select().from(plans).where(eq(plans.code, 'pro'));
  const [offer] = await db
    .select({ id: offers.id })
    .from(offers)
    .innerJoin(billingPeriods, eq(billingPeriods.id, offers.billingPeriodId))
    .where(and(eq(offers.planId, pro!.id), eq(billingPeriods.code, 'monthly')));
  const start = new Date(periodEnd.getTime() - 30 * 86_400_000);
  for (let from = 0; from < total; from += 500) {
    const n = Math.min(500, total - from);
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, k) => ({
          email: `${prefix}${from + k}@renewals.example`,
          name: `Renewal ${from + k}`,
          alias: `${prefix}-${from + k}`,
          codigo: `${prefix.toUpperCase()}-${from + k}`,
          role: 'user' as const,
          status: 'active' as const,
          passwordHash: 'not-a-hash',
          emailVerifiedAt: start,
        })),
      )
      .returning({ id: users.id });
    // Each card as the sandbox provider keeps it (its always-accepted test card), and as the app keeps it.
    const refs = rows.map(() => `sbx_pm_${randomBytes(12).toString('hex')}`);
    await db.insert(paymentSandboxObjects).values(
      rows.map((u, k) => ({
        id: refs[k]!,
        kind: 'method' as const,
        userId: u.id,
        status: 'active',
        data: { testMethod: 'sandbox_card_visa', holder: 'Renewal' },
      })),
    );
    await db.insert(paymentMethods).values(
      rows.map((u, k) => ({
        userId: u.id,
        provider: 'sandbox',
        providerToken: refs[k]!,
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2099,
        holder: 'Renewal',
        isDefault: true,
      })),
    );
    await db.insert(subscriptions).values(
      rows.map((u) => ({
        userId: u.id,
        planId: pro!.id,
        offerId: offer!.id,
        status: 'active' as const,
        currentPeriodStart: start,
        currentPeriodEnd: periodEnd,
      })),
    );
  }
}
