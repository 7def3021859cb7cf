// GET /api/user/plans with 100 offers in the catalogue: answered p95 (target < 20 ms).
// The catalogue is grown to 100 active offers (50 plans × monthly/yearly) straight in the database.
// BENCH_PLANS_REQUESTS: how many timed requests (1000 by default; a small number for a smoke run).
import pg from 'pg';
import type { RunningServer } from './lib/server.js';

const OFFERS = 100;
const REQUESTS = Number(process.env.BENCH_PLANS_REQUESTS ?? 1000);
const CONCURRENCY = 4;
const TARGET_P95_MS = 20;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function seedOffers(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM offers WHERE active');
    const missingPlans = Math.max(0, Math.ceil((OFFERS - (rows[0]?.n ?? 0)) / 2));
    await client.query(
      `WITH p AS (
         INSERT INTO plans (code, name, names, max_profiles, max_tags, storage_bytes, sends_per_month, sort_order)
         SELECT 'bench-' || g, 'Bench ' || g, jsonb_build_object('en', 'Bench ' || g, 'es', 'Banco ' || g, 'jp', 'ベンチ ' || g), g, g, g * 1048576, g * 100, 10 + g
         FROM generate_series(1, $1::int) g RETURNING id, sort_order)
       INSERT INTO offers (plan_id, billing_period_id, price_cents)
       SELECT p.id, bp.id, (p.sort_order * 100) * bp.months FROM p CROSS JOIN billing_periods bp`,
      [missingPlans],
    );
    const { rows: after } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM offers WHERE active');
    return after[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

export async function plansBench(server: RunningServer, token: string): Promise<void> {
  console.log(`GET /api/user/plans with ${OFFERS} offers…`);
  if (!server.databaseUrl) {
    console.log('  skipped: needs PostgreSQL to seed the catalogue (set BENCH_DATABASE_URL)\n');
    return;
  }
  const offers = await seedOffers(server.databaseUrl);
  const url = `${server.url}/api/user/plans`;
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'es' };
  const first = await fetch(url, { headers });
  const body = (await first.json()) as { data: { plans: { offers: unknown[] }[] } };
  const listed = body.data.plans.reduce((n, p) => n + p.offers.length, 0);
  for (let i = 0; i < 50; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
  const latencies: number[] = [];
  let errors = 0;
  let hits = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!res.ok) errors += 1;
        // The kept answer's (Server-Timing `answer;desc=hit|miss`; builds before it say nothing).
        if (res.headers.get('server-timing')?.includes('answer;desc=hit')) hits += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p95 = percentile(latencies, 95);
  console.log(
    `  ${offers} offers in the catalogue, ${listed} listed; ${REQUESTS} requests, ${CONCURRENCY} at a time: ${(REQUESTS / seconds).toFixed(0)} req/s; kept answers: ${hits} hits`,
  );
  console.log(
    `  p50 ${percentile(latencies, 50).toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   p99 ${percentile(latencies, 99).toFixed(1)} ms${errors ? `   — ${errors} errors!` : ''}`,
  );
  console.log(`  (target p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'meets the target' : 'MISSES the target'})\n`);
}
