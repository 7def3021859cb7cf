import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { users } from '../../src/db/schema/index.js';
import { seedIfEmpty, type SeedOptions } from '../../src/db/seed.js';
import { ADMIN, DEMO } from './accounts.js';

/**
 * What the product stores for a password a person chose: argon2id at OWASP's minimum (19 MiB, 2
 * passes, one lane), which the tests of registration, reset and change check it keeps.
 */
export const PRODUCT_PASSWORD_HASH = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

const cheapHashes = new Map<string, Promise<string>>();
/**
 * A test account's password hash: argon2id as the product stores it, at the algorithm's lowest
 * cost, made once per password and process. Signing in verifies a hash at the cost written in it,
 * so the product's own path runs; at the product's cost each hash and each sign-in of a test account
 * took ~20 ms of CPU, and a run of the API tests made ~900 hashes and ~1,200 sign-ins.
 */
export function testPasswordHash(password: string): Promise<string> {
  let made = cheapHashes.get(password);
  if (!made) {
    made = hash(password, { algorithm: 2 /* Argon2id */, memoryCost: 8, timeCost: 1, parallelism: 1 });
    cheapHashes.set(password, made);
  }
  return made;
}

/** The seed of every test database (the admin, the demo user on `plan`, the demo catalogue), the two accounts' passwords at the tests' cost. */
export async function seedTestAccounts(db: Database, plan: SeedOptions['demo']['plan']) {
  if (!(await seedIfEmpty(db, { admin: ADMIN, demo: { ...DEMO, plan } }))) return;
  for (const account of [ADMIN, DEMO]) {
    await db
      .update(users)
      .set({ passwordHash: await testPasswordHash(account.password) })
      .where(eq(users.email, account.email));
  }
}
