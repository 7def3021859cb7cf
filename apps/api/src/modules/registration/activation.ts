import type { Database, Transaction } from '../../db/client.js';
import { claimPendingAccount, setMainProfile } from '../account/index.js';
import { createMainCard } from '../profiles/index.js';
import { startFreeSubscription } from '../subscriptions/index.js';
import { startOnboarding } from '../onboarding/index.js';

/**
 * Makes a verified account usable: active status, its first profile (its id becomes `perfil_id`),
 * the Free subscription and the guided start's checklist. One transaction; used by verification,
 * an admin's "verify" and the seed.
 */
export async function activateAccount(tx: Database | Transaction, user: { id: string; name: string }, now = new Date()): Promise<void> {
  if (!(await claimPendingAccount(tx, user.id, now))) return;
  await setMainProfile(tx, user.id, await createMainCard(tx, user));
  await startFreeSubscription(tx, user.id, now);
  await startOnboarding(tx, user.id, now);
}
