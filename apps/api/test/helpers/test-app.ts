import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { buildApp, type AppOptions } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database, DatabaseHandle } from '../../src/db/client.js';
import { deliveries, sessions, users } from '../../src/db/schema/index.js';
import { nextCustomerCode } from '../../src/modules/account/index.js';
import { sha256 } from '../../src/lib/crypto.js';
import { ADMIN, SEEDED_DEMO_PLAN } from './accounts.js';
import { openTestDatabase } from './database.js';
import { seedTestAccounts, testPasswordHash } from './passwords.js';

export { ADMIN, DEMO } from './accounts.js';
const fixtureWeb = fileURLToPath(new URL('../fixtures/web', import.meta.url));

export type TestApp = Awaited<ReturnType<typeof buildApp>>;
export type TestContext = { app: TestApp; database: DatabaseHandle; db: Database; close: () => Promise<void> };
/** Each test app's database, for `login`'s fresh proof. */
const databases = new WeakMap<TestApp, Database>();

/** The test app's configuration: `env` over the settings every test app has. */
export function testConfig(env: Record<string, string> = {}) {
  // DEMO_SELLER: an app built with NODE_ENV=production (a rule of production under test) invoices as the demo seller.
  return loadConfig({
    NODE_ENV: 'test',
    DEMO_SELLER: 'true',
    WEB_DIST: fixtureWeb,
    COUNTRY_LOOKUP_URL: 'https://lookup.example/s',
    ...env,
  });
}

/** The real app on a fresh seeded database, driven through `app.inject`. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'notificationStreams' | 'fetch'> = {},
): Promise<TestContext> {
  const config = testConfig(env);
  // The seeded template already holds these accounts; another demo plan is seeded here.
  const database = await openTestDatabase(config.demo.plan === SEEDED_DEMO_PLAN ? 'seeded' : 'migrated');
  await seedTestAccounts(database.db, config.demo.plan);
  const app = await buildApp({ config, database, ...options });
  databases.set(app, database.db);
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The real app (as createTestApp) and an admin's bearer headers, for tests of the admin area. */
export async function createAdminTestApp(): Promise<{ t: TestContext; admin: Record<string, string> }> {
  const t = await createTestApp();
  return { t, admin: bearer(await login(t.app, ADMIN)) };
}

let counter = 0;
/** Inserts a user directly, in any state, for tests that need more than the seeded two. */
export async function insertUser(db: Database, overrides: Partial<typeof users.$inferInsert> & { password?: string } = {}) {
  counter += 1;
  const { password = 'some-password-123', ...rest } = overrides;
  const [row] = await db
    .insert(users)
    .values({
      email: `user${counter}-${Date.now()}@test.example`,
      name: `User ${counter}`,
      alias: `user-${counter}-${Date.now()}`,
      codigo: await nextCustomerCode(db),
      role: 'user',
      status: 'active',
      emailVerifiedAt: new Date(),
      passwordHash: await testPasswordHash(password),
      ...rest,
    })
    .returning();
  if (!row) throw new Error('insertUser failed');
  return { ...row, password };
}

export async function setUserStatus(db: Database, id: string, status: 'pending' | 'active' | 'suspended') {
  await db.update(users).set({ status }).where(eq(users.id, id));
}

/** Signs in through the API and returns the token. */
/**
 * Signs in with the password and, unless `fresh: false`, gives the new session a fresh proof, so
 * tests of sensitive changes (passkeys, tokens, webhooks, two-factor) reach their rule; the proof
 * itself (`POST /api/user/reauthenticate`) and the refusal without it are tested on every such route
 * in test/auth/sensitive-changes-need-a-fresh-proof.test.ts. The stamp is written as the route
 * writes it (on the product clock) rather than through the route, so the session is not yet in the
 * process's session cache: tests that change a session by hand right after signing in see it.
 */
export async function login(
  app: TestApp,
  credentials: { email: string; password: string },
  { fresh = true }: { fresh?: boolean } = {},
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: credentials });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const token = res.json<{ data: { token: string } }>().data.token;
  const db = databases.get(app);
  if (fresh && token && db)
    await db
      .update(sessions)
      .set({ reauthenticatedAt: app.platform.clock.now() })
      .where(eq(sessions.tokenHash, sha256(token)));
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Polls `check` every `everyMs` until it returns a value (not undefined), or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 15_000, everyMs = 50): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The deliveries to `toEmail` once the queue has handled them all (none still queued). */
export function settledDeliveries(db: Database, toEmail: string) {
  return waitFor(async () => {
    const rows = await db.select().from(deliveries).where(eq(deliveries.toEmail, toEmail));
    return rows.length > 0 && rows.every((r) => r.status !== 'queued') ? rows : undefined;
  }, `the emails to ${toEmail} to leave the queue`);
}

/**
 * Waits until the app's job queue has nothing left to do (in the queues starting with `prefix`).
 * Work deferred past the answer (forgot password, resend) is drained first: it may still be about
 * to write a row or queue a job, and an empty queue before it has would prove nothing.
 */
export async function queueIdle(app: TestApp, prefix = '', timeoutMs?: number) {
  await app.platform.background.drain();
  return waitFor(
    async () => ((await app.platform.jobs.pending(prefix)) === 0 ? true : undefined),
    `the job queue (${prefix || 'all'}) to be idle`,
    timeoutMs,
  );
}
