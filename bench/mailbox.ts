// The mailbox at 1,000,000 messages: its first and its 500th page through the HTTP endpoint, p95 < 50 ms.
import pg from 'pg';
import type { RunningServer } from './lib/server.js';

const MESSAGES = 1_000_000;
const PAGE_SIZE = 20; // the screen's page size (apps/web/src/features/mailbox/api/list-messages.ts)
const DEEP_PAGE = 500;
const SAMPLES = 200;
const TARGET_MS = 50;

/** One profile of the bench user gets MESSAGES messages in a single INSERT … SELECT generate_series. */
async function seed(databaseUrl: string, profileId: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO messages (profile_id, user_id, name, email, phone, body, consent, locale, read_at, starred, archived_at, created_at)
       SELECT p.id, p.user_id, 'Visitor ' || g, 'visitor' || g || '@example.com', CASE WHEN g % 3 = 0 THEN '+3460' || lpad(g::text, 7, '0') END,
              'Hello, I saw your card and would like to know more about your services. Message ' || g || '.',
              g % 2 = 0, 'es',
              CASE WHEN g % 4 <> 0 THEN now() END, g % 50 = 0, CASE WHEN g % 10 = 0 THEN now() END,
              now() - (g || ' seconds')::interval - ((g % 1000) || ' microseconds')::interval
       FROM generate_series(1, $2::int) g JOIN profiles p ON p.id = $1::uuid`,
      [profileId, MESSAGES],
    );
    await client.query('ANALYZE messages');
  } finally {
    await client.end();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; nextCursor: string | null; count: number }> {
  const start = performance.now();
  const res = await fetch(url, { headers });
  const body = (await res.json()) as { data?: unknown[]; meta?: { nextCursor: string | null } };
  const ms = performance.now() - start;
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return { ms, nextCursor: body.meta?.nextCursor ?? null, count: body.data?.length ?? 0 };
}

/** Seeds, walks the cursors to page DEEP_PAGE, then times both pages alternately, SAMPLES each. */
export async function mailboxBench(server: RunningServer, token: string): Promise<boolean> {
  if (!server.databaseUrl) {
    console.log('Mailbox: skipped (needs PostgreSQL; set BENCH_DATABASE_URL)\n');
    return true;
  }
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await fetch(`${server.url}/api/user`, { headers })).json()) as { perfil_id: string };
  const profileId = me.perfil_id;
  if (!profileId) throw new Error('the bench user has no main profile');
  const seedStart = performance.now();
  await seed(server.databaseUrl, profileId);
  console.log(
    `Mailbox: ${MESSAGES.toLocaleString('en')} messages in one profile (seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s)`,
  );

  const base = `${server.url}/api/mailbox/${profileId}/messages?limit=${PAGE_SIZE}`;
  let cursor: string | null = null;
  for (let page = 1; page < DEEP_PAGE; page++) {
    const r = await timed(`${base}${cursor ? `&before=${cursor}` : ''}`, headers);
    if (!r.nextCursor) throw new Error(`the list ended at page ${page}`);
    cursor = r.nextCursor;
  }
  const urls = { first: `${base}&counts=true`, deep: `${base}&before=${cursor}` };
  const times: Record<'first' | 'deep', number[]> = { first: [], deep: [] };
  for (let i = 0; i < 20; i++) for (const key of ['first', 'deep'] as const) await timed(urls[key], headers); // warm-up
  for (let i = 0; i < SAMPLES; i++) {
    for (const key of ['first', 'deep'] as const) {
      const r = await timed(urls[key], headers);
      if (r.count !== PAGE_SIZE) throw new Error(`${key} page returned ${r.count} messages`);
      times[key].push(r.ms);
    }
  }
  let pass = true;
  for (const [key, label] of [
    ['first', 'first page (with folder counts)'],
    ['deep', `page ${DEEP_PAGE}`],
  ] as const) {
    const sorted = [...times[key]].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    pass &&= p95 < TARGET_MS;
    console.log(
      `  ${label.padEnd(32)} p50 ${percentile(sorted, 50).toFixed(1).padStart(5)} ms   p95 ${p95.toFixed(1).padStart(5)} ms   ${p95 < TARGET_MS ? 'PASS' : 'FAIL'} (target p95 < ${TARGET_MS} ms, ${SAMPLES} samples)`,
    );
  }
  console.log('');
  return pass;
}
