// 1,000 open notification streams on one API process: memory per stream, the time for a wave of
// notifications to reach every stream (p95 < 1 s), and GET /api/user throughput during the fan-out
// against the same at rest (ratio ≥ 0.8).
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { sideBySide } from './lib/measure.js';
import type { RunningServer } from './lib/server.js';

const STREAMS = 1000;
const WAVE_EVERY_MS = 1000;
const TARGET_P95_MS = 1000;
const TARGET_RATIO = 0.8;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const rssBytes = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** STREAMS users, each with a live session whose token we know (rows written directly: no 1,000 password hashes). */
async function seedUsers(client: pg.Client): Promise<{ ids: string[]; tokens: string[] }> {
  const tokens = Array.from({ length: STREAMS }, () => randomBytes(32).toString('base64url'));
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO users (email, name, alias, codigo, role, status, password_hash, email_verified_at)
     SELECT 'stream' || g || '@bench.test', 'Stream ' || g, 'stream-' || g, 'BN-' || lpad(g::text, 6, '0'), 'user', 'active', 'x', now()
     FROM generate_series(1, $1::int) g ORDER BY g RETURNING id`,
    [STREAMS],
  );
  const ids = rows.map((r) => r.id);
  await client.query(`INSERT INTO sessions (user_id, token_hash) SELECT * FROM unnest($1::uuid[], $2::text[])`, [
    ids,
    tokens.map((t) => createHash('sha256').update(t).digest('hex')),
  ]);
  return { ids, tokens };
}

type Client = { arrivals: Map<number, number>; close: () => void };

/** One SSE stream over plain node:http; records when each wave's notification arrives (wave number in the payload). */
function openStream(base: string, token: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const arrivals = new Map<number, number>();
    const req = http.get(
      `${base}/api/notifications/stream`,
      { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, agent: false },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let at: number;
          while ((at = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, at);
            buffer = buffer.slice(at + 2);
            const wave = /"wave":(\d+)/.exec(block)?.[1];
            if (block.includes('event: notification') && wave) arrivals.set(Number(wave), performance.now());
          }
        });
        resolve({ arrivals, close: () => req.destroy() });
      },
    );
    req.on('error', reject);
  });
}

/** One notification per stream's user, committed together; resolves with the commit time. */
async function wave(client: pg.Client, ids: string[], n: number): Promise<number> {
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO notifications (user_id, type, payload) SELECT id, 'storage_quota', jsonb_build_object('percent', 80, 'usedBytes', 1, 'limitBytes', 1, 'wave', $2::int) FROM unnest($1::uuid[]) id`,
    [ids, n],
  );
  await client.query(`SELECT pg_notify('enlaza_notifications', id::text) FROM unnest($1::uuid[]) id`, [ids]);
  await client.query('COMMIT');
  return performance.now();
}

function arrivalStats(streams: Client[], commits: Map<number, number>) {
  const latencies: number[] = [];
  let missing = 0;
  for (const [n, committed] of commits) {
    for (const s of streams) {
      const at = s.arrivals.get(n);
      if (at === undefined) missing += 1;
      else latencies.push(Math.max(0, at - committed));
    }
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies.at(-1) ?? NaN, missing };
}

const describe = (label: string, waves: number, streams: number, r: ReturnType<typeof arrivalStats>) =>
  `  ${label}: ${waves} waves × ${streams} streams; commit → arrival p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms, max ${r.max.toFixed(0)} ms${r.missing ? `, ${r.missing} NOT delivered` : ''}`;

export async function notificationsBench(server: RunningServer, token: string): Promise<void> {
  console.log(`Notifications: ${STREAMS} open streams on one API process…`);
  if (!server.databaseUrl || !server.pid) {
    console.log('  skipped: needs PostgreSQL (seeds users and sessions directly)\n');
    return;
  }
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  const streams: Client[] = [];
  try {
    const { ids, tokens } = await seedUsers(client);
    const before = rssBytes(server.pid);
    for (let i = 0; i < tokens.length; i += 50)
      streams.push(...(await Promise.all(tokens.slice(i, i + 50).map((t) => openStream(server.url, t)))));
    await new Promise((r) => setTimeout(r, 2000));
    const after = rssBytes(server.pid);
    console.log(
      `  memory: ${((after - before) / 1024 / 1024).toFixed(1)} MB RSS for ${streams.length} streams ≈ ${((after - before) / streams.length / 1024).toFixed(1)} KB per stream`,
    );

    // 1. Fan-out alone: a wave every 1.5 s, nothing else running (the time a notification takes to reach all streams).
    let waves = 0;
    const idle = new Map<number, number>();
    for (let i = 0; i < 5; i++) {
      waves += 1;
      idle.set(waves, await wave(client, ids, waves));
      await new Promise((res) => setTimeout(res, 1500));
    }
    const alone = arrivalStats(streams, idle);
    console.log(
      `${describe('fan-out', idle.size, streams.length, alone)} (target p95 < ${TARGET_P95_MS} ms: ${alone.p95 < TARGET_P95_MS && !alone.missing ? 'meets the target' : 'MISSES the target'})`,
    );

    // 2. GET /api/user with the streams open and idle, then while a wave goes out every second.
    const user = { url: `${server.url}/api/user`, headers: { authorization: `Bearer ${token}` } };
    const rest = (await sideBySide(user, user, 1, 4)).a;
    const loaded = new Map<number, number>();
    let fanning = true;
    let timer: NodeJS.Timeout | null = null;
    const fanOut = async () => {
      waves += 1;
      const n = waves;
      loaded.set(n, await wave(client, ids, n));
      if (fanning) timer = setTimeout(() => void fanOut(), WAVE_EVERY_MS);
    };
    void fanOut();
    const during = (await sideBySide(user, user, 1, 4)).a;
    fanning = false;
    if (timer) clearTimeout(timer);
    await new Promise((res) => setTimeout(res, 3000)); // the last wave arrives
    // (the bench's own event loop runs the load generator here too, so these arrival times are upper bounds)
    console.log(`${describe('fan-out under load', loaded.size, streams.length, arrivalStats(streams, loaded))}`);
    const ratio = during.rps / rest.rps;
    console.log(`  GET /api/user at rest   ${rest.rps.toFixed(0).padStart(7)} req/s   p99 ${rest.p99} ms`);
    console.log(`  GET /api/user fanning   ${during.rps.toFixed(0).padStart(7)} req/s   p99 ${during.p99} ms`);
    console.log(
      `  ratio during/rest: ${(ratio * 100).toFixed(1)} %  (target ≥ ${TARGET_RATIO * 100} %: ${ratio >= TARGET_RATIO ? 'meets the target' : 'MISSES the target'})\n`,
    );
  } finally {
    for (const s of streams) s.close();
    await client.end();
  }
}
