// Invoices issued per second by concurrent issuers on PostgreSQL: each issuer runs what a checkout
// runs after a successful charge — one transaction that records the payment and calls the invoices
// module's issueInvoice (numbering row lock, buyer snapshot, lines, totals per rate, record chain,
// event). After each round the numbers are checked: no gap, no duplicate; at the end the record
// chain is verified (one chain, no fork). Runs the API's source (tsx).
// Below each round: what one invoice's transaction spends its time on, statement by statement (the
// time of the counter's statement under concurrency is the wait for its lock), and how long the two
// shared locks (the series' counter row, the issuer's chain head) stay held until COMMIT ends. Every
// issuer of a series queues on them, so that hold time bounds the rate: it is the statements after
// the numbering plus the COMMIT's WAL flush (kept: an issued invoice must survive a crash).
// Run: npm run bench:invoices -w bench  (BENCH_DATABASE_URL or TEST_DATABASE_URL: a server whose user may create databases;
// BENCH_INVOICES: invoices per round, 400 by default).
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { startQueryTimer } from './lib/query-timer.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = (path: string) => import(pathToFileURL(join(root, 'apps/api/src', path)).href);
const ROUNDS = [1, 8, 32, 64];
const PER_ROUND = Number(process.env.BENCH_INVOICES ?? 400);

type Line = {
  description: { en: string; es: string; jp: string };
  quantity: number;
  unitAmountCents: number;
  taxId: string | null;
  taxName: string;
  taxRateBasisPoints: number;
};
type Tx = { execute(query: unknown): Promise<{ rows: Record<string, unknown>[] }> };
type Db = Tx & { transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> };

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `enlaza_bench_inv_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${name}`;

const { openDatabase } = await source('db/client.ts');
const { loadConfig } = await source('config.ts');
const { buildApp } = await source('app.ts');
const { seedIfEmpty } = await source('db/seed.ts');
const { sql } = await import(pathToFileURL(join(root, 'node_modules/drizzle-orm/index.js')).href);

const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 70 });
const config = loadConfig({
  NODE_ENV: 'production',
  // The bench's throw-away database invoices as the demo seller.
  DEMO_SELLER: 'true',
  DATABASE_URL: url.toString(),
  WORKERS: 'off',
  LOG_LEVEL: 'silent',
  ADMIN_PASSWORD: 'bench-admin-password',
  DEMO_PASSWORD: 'bench-demo-password',
});
await seedIfEmpty(database.db, {
  admin: { email: 'admin@enlaza.test', password: 'bench-admin-password' },
  demo: { email: 'demo@enlaza.test', password: 'bench-demo-password', plan: 'free' },
});
const app = await buildApp({ config, database });
await app.ready();
const { issueInvoice } = app.invoiceIssuer as { issueInvoice: (tx: Tx, input: unknown) => Promise<unknown> };
const db = database.db as Db;
const [demo] = (await db.execute(sql`select id from users where email = 'demo@enlaza.test'`)).rows as { id: string }[];
const lines: Line[] = [
  {
    description: { en: 'Pro plan, monthly', es: 'Plan Pro, mensual', jp: 'Pro プラン' },
    quantity: 1,
    unitAmountCents: 900,
    taxId: null,
    taxName: 'IVA 21 %',
    taxRateBasisPoints: 2100,
  },
  {
    description: { en: '+1,000 sends', es: '+1.000 envíos', jp: '+1,000 通' },
    quantity: 2,
    unitAmountCents: 500,
    taxId: null,
    taxName: 'IVA 21 %',
    taxRateBasisPoints: 2100,
  },
];

// The statements that take the two locks every issuer of the series waits for: the counter row
// (invoice_counters) and the issuer's chain head (invoice_chain_heads), both held until COMMIT.
const COUNTER = 'with: insert invoice_counters …';
const CHAIN = 'insert invoice_chain_heads';
const timer = startQueryTimer([COUNTER, CHAIN]);
const ms = (n: number) => `${n.toFixed(2).padStart(7)} ms`;

/** What one invoice's transaction spends its time on (per invoice, averaged over the round). */
function report(transactionMs: number) {
  const perInvoice = (n: number) => n / PER_ROUND;
  const rows = timer.byLabel();
  const inSql = rows.reduce((sum, [, s]) => sum + s.ms, 0);
  console.log(`        per invoice: ${ms(perInvoice(transactionMs))} in its transaction, of which`);
  for (const [label, s] of rows.slice(0, 9))
    console.log(`          ${ms(perInvoice(s.ms))}  ${label}${s.count !== PER_ROUND ? ` (${(s.count / PER_ROUND).toFixed(1)}×)` : ''}`);
  console.log(`          ${ms(perInvoice(Math.max(0, transactionMs - inSql)))}  outside SQL (Node: building rows, hashing, the event…)`);
  for (const [label, h] of timer.holds())
    console.log(
      `        ${label === COUNTER ? 'counter row' : 'chain head '} locked: ${ms(h.ms / h.count)} on average until COMMIT ends (max ${h.maxMs.toFixed(1)} ms)` +
        (label === COUNTER ? ` ⇒ at most ${(1000 / (h.ms / h.count)).toFixed(0)} invoices/s per series` : ''),
    );
}

try {
  console.log(`Invoices issued per second on PostgreSQL (${url.host}), ${PER_ROUND} per round:`);
  for (const [round, issuers] of ROUNDS.entries()) {
    const year = 2100 + round; // a fresh series year per round, so its numbers can be checked
    let next = 0;
    const issuer = async () => {
      while (next < PER_ROUND) {
        next += 1;
        const t0 = performance.now();
        await db.transaction(async (tx) => {
          const [payment] = (
            await tx.execute(
              sql`insert into payments (user_id, idempotency_key, amount_cents, status, purpose, description, provider) values (${demo!.id}, ${randomUUID()}, 2299, 'succeeded', 'renewal', ${JSON.stringify(lines[0]!.description)}::jsonb, 'sandbox') returning id`,
            )
          ).rows as { id: string }[];
          await issueInvoice(tx, {
            userId: demo!.id,
            paymentId: payment!.id,
            currency: 'EUR',
            locale: 'en',
            issuedAt: new Date(Date.UTC(year, 0, 1)),
            lines,
          });
        });
        transactionMs += performance.now() - t0;
      }
    };
    timer.reset();
    let transactionMs = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: issuers }, issuer));
    const seconds = (performance.now() - started) / 1000;
    const [check] = (
      await db.execute(
        sql`select count(*)::int as n, count(distinct sequence)::int as d, max(sequence)::int as m from invoices where series = 'F' and year = ${year}`,
      )
    ).rows as { n: number; d: number; m: number }[];
    const ok = check!.n === PER_ROUND && check!.d === PER_ROUND && check!.m === PER_ROUND;
    console.log(
      `  ${String(issuers).padStart(3)} concurrent issuers: ${(PER_ROUND / seconds).toFixed(0).padStart(6)} invoices/s  (${ok ? 'numbers 1…' + PER_ROUND + ', no gap, no duplicate' : `NUMBERING BROKEN: ${JSON.stringify(check)}`})`,
    );
    report(transactionMs);
  }
  const { verifyChains } = await source('modules/invoices/chain.ts');
  const chain = await verifyChains(database.db);
  console.log(`  record chain: ${chain.ok ? `${chain.checked} records, unbroken` : `BROKEN at ${JSON.stringify(chain.firstBroken)}`}`);
} finally {
  await app.close();
  await database.close();
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
}
