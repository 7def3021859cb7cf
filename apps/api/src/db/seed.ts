import { sql } from 'drizzle-orm';
import { hashPassword, randomToken } from '../lib/crypto.js';
import type { Database } from './client.js';
import { hasAccounts, insertAdmin, insertPendingUser } from '../modules/account/index.js';
import { saveSender } from '../modules/campaigns/index.js';
import { findAccountTypeByCode, findPlanByCode, insertDemoCatalogue } from '../modules/catalogue/index.js';
import { activateAccount } from '../modules/registration/index.js';
import { runningSubscription, updateSubscription } from '../modules/subscriptions/index.js';

// Each table is written by its owner's public functions (the modules' index.ts), as any module would.

type Credentials = { email?: string | undefined; password?: string | undefined };
/** `plan`: code of the demo user's plan (its quotas); the Free plan unless DEMO_PLAN says otherwise. */
export type SeedOptions = { admin: Credentials; demo: Credentials & { plan?: 'free' | 'pro' | 'business' } };
/** The seeded demo user's alias: its card is at /link/demo. */
export const DEMO_ALIAS = 'demo';

export type SeededAccount = { email: string; password: string; generated: boolean };

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
  if (await hasAccounts(db)) return null;
  let seeded = false;

  const admin = credentials(options.admin, 'admin@enlaza.local');
  const demo = credentials(options.demo, 'demo@enlaza.local');
  const [adminHash, demoHash] = await Promise.all([hashPassword(admin.password), hashPassword(demo.password)]);

  await db.transaction(async (tx) => {
    // Several processes starting together on an empty PostgreSQL: one seeds, the others see it done.
    await tx.execute(sql`select pg_advisory_xact_lock(727160102)`);
    if (await hasAccounts(tx)) return;
    seeded = true;
    await insertDemoCatalogue(tx);
    const personal = await findAccountTypeByCode(tx, 'personal');
    const now = new Date();

    await insertAdmin(tx, { email: admin.email, name: 'Admin', alias: 'admin', passwordHash: adminHash });
    const demoUser = await insertPendingUser(tx, {
      email: demo.email,
      name: 'Demo User',
      alias: DEMO_ALIAS,
      passwordHash: demoHash,
      accountTypeId: personal?.id ?? null,
    });
    await activateAccount(tx, demoUser, now);
    // The demo account can send a campaign at once: who it comes from is already said.
    await saveSender(tx, demoUser.id, { name: 'Demo User', postalAddress: 'Calle de Alcalá 1\n28014 Madrid\nSpain', tracking: true });
    if (options.demo.plan && options.demo.plan !== 'free') {
      const plan = await findPlanByCode(tx, options.demo.plan);
      const running = await runningSubscription(tx, demoUser.id);
      if (plan && running) await updateSubscription(tx, running.subscription.id, { planId: plan.id });
    }
  });
  return seeded ? { admin, demo } : null;
}
