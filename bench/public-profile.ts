// The public profile endpoint under load: 10,000 seeded profiles, side by side with the constant route.
import autocannon, { type Request } from 'autocannon';
import pg from 'pg';
import { CONNECTIONS, describeRatio, sideBySide } from './lib/measure.js';
import type { RunningServer } from './lib/server.js';

const PROFILES = 10_000;
const OWNERS = 100;
const TARGET = 0.5;
/** Paired rounds of the steady state. */
const ROUNDS = 5;

/**
 * Seeds OWNERS active users with PROFILES cards and tags (one in five a tag; realistic JSON fields;
 * a few unlisted and a few private) in a handful of INSERT … SELECT generate_series statements.
 * Returns the visible profiles' public paths.
 */
export async function seed(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO users (email, name, alias, codigo, role, status, password_hash, email_verified_at, phone)
       SELECT 'owner' || g || '@bench.test', 'Owner ' || g, 'owner-' || g, 'BENCH' || lpad(g::text, 6, '0'), 'user', 'active', 'not-a-hash', now(), '+346000' || lpad(g::text, 5, '0')
       FROM generate_series(1, $1::int) g`,
      [OWNERS],
    );
    await client.query(
      `WITH owners AS (SELECT id, row_number() OVER (ORDER BY alias) - 1 AS n FROM users WHERE email LIKE '%@bench.test')
       INSERT INTO profiles (user_id, kind, name, theme, visibility, contact_form, wall, card, tag)
       SELECT o.id,
              CASE WHEN g % 5 = 0 THEN 'tag' ELSE 'card' END,
              CASE WHEN g % 5 = 0 THEN 'Tag ' || g ELSE 'Person ' || g || ' Surname' END,
              jsonb_build_object('color', '#' || lpad(to_hex((g * 7919) % 16777216), 6, '0'), 'layout', (ARRAY['classic', 'centered', 'banner'])[g % 3 + 1]),
              CASE WHEN g % 97 = 0 THEN 'private' WHEN g % 13 = 0 THEN 'unlisted' ELSE 'public' END,
              g % 2 = 0, g % 3 = 0,
              CASE WHEN g % 5 <> 0 THEN jsonb_build_object(
                'firstName', 'Person ' || g, 'lastName', 'Surname', 'jobTitle', 'Sales manager', 'company', 'Company ' || (g % 400),
                'bio', 'Helping small businesses grow since ' || (1990 + g % 30) || '. Coffee, bikes and good conversations. Ask me about our new catalogue.',
                'phones', jsonb_build_array(jsonb_build_object('label', 'work', 'number', '+3491' || lpad(g::text, 7, '0')), jsonb_build_object('label', 'mobile', 'number', '+3466' || lpad(g::text, 7, '0'))),
                'emails', jsonb_build_array(jsonb_build_object('label', 'work', 'email', 'person' || g || '@example.com')),
                'website', 'https://example.com/people/' || g,
                'address', 'Calle Mayor ' || (g % 200) || ', 28013 Madrid',
                'socialLinks', jsonb_build_array(jsonb_build_object('network', 'linkedin', 'url', 'https://www.linkedin.com/in/person' || g), jsonb_build_object('network', 'instagram', 'url', 'https://instagram.com/person' || g), jsonb_build_object('network', 'x', 'url', 'https://x.com/person' || g)),
                'customLinks', jsonb_build_array(jsonb_build_object('label', 'Catalogue', 'url', 'https://example.com/catalogue/' || g), jsonb_build_object('label', 'Book a meeting', 'url', 'https://example.com/meet/' || g))
              ) END,
              CASE WHEN g % 5 = 0 THEN jsonb_build_object(
                'name', 'Tag ' || g, 'tagKind', (ARRAY['pet', 'keys', 'luggage', 'other'])[g % 4 + 1], 'description', 'If you found me, please get in touch: there is a reward.',
                'showOwnerContact', g % 10 = 0, 'lostMode', g % 15 = 0, 'lostNote', CASE WHEN g % 15 = 0 THEN 'Lost near the park on Sunday' END, 'reward', CASE WHEN g % 15 = 0 THEN '50 EUR' END, 'serial', 'ENL-' || g
              ) END
       FROM generate_series(1, $1::int) g JOIN owners o ON o.n = g % $2::int`,
      [PROFILES, OWNERS],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE users; ANALYZE profiles');
    const { rows } = await client.query<{ path: string }>(
      `SELECT '/link/' || u.alias || '/' || p.id AS path FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email LIKE '%@bench.test' AND p.visibility <> 'private' ORDER BY p.id`,
    );
    return rows.map((r) => r.path);
  } finally {
    await client.end();
  }
}

/** Unique visitors counted so far, over every profile and day. */
async function countedVisitors(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('SELECT coalesce(sum(visitors), 0) AS n FROM profile_daily_stats');
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Counts the answers of the profile cache (`Server-Timing: cache;desc=hit|miss`, and `cache-refresh`
 * when a hit started the entry's background reload) and, on the HTML page, of the rendered-page
 * cache (`page;desc=hit|miss`: a miss is a page rendered and compressed).
 */
function cacheCounter() {
  const counts = { hit: 0, miss: 0, refresh: 0, pageHit: 0, pageMiss: 0 };
  const onResponse = (_status: number, _body: string, _context: Record<string, unknown>, headers: Record<string, string> | string[]) => {
    const value = Array.isArray(headers)
      ? headers[headers.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === 'server-timing') + 1]
      : headers['server-timing'];
    if (value?.includes('cache;desc=hit')) counts.hit++;
    else if (value?.includes('cache;desc=miss')) counts.miss++;
    if (value?.includes('cache-refresh')) counts.refresh++;
    if (value?.includes('page;desc=hit')) counts.pageHit++;
    else if (value?.includes('page;desc=miss')) counts.pageMiss++;
  };
  const percent = (hit: number, miss: number) => (hit + miss ? (100 * hit) / (hit + miss) : 0);
  const describe = () =>
    `cache hits ${percent(counts.hit, counts.miss).toFixed(1)} % (${counts.miss} misses, ${counts.refresh} refreshed in the background)` +
    (counts.pageHit + counts.pageMiss
      ? `, rendered pages ${percent(counts.pageHit, counts.pageMiss).toFixed(1)} % hits (${counts.pageMiss} rendered)`
      : '');
  return { counts, onResponse, describe, reset: () => Object.assign(counts, { hit: 0, miss: 0, refresh: 0, pageHit: 0, pageMiss: 0 }) };
}

/** What Chromium sends for a page: it is then served brotli-compressed, as to a real visitor. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', 'accept-language': 'en-US,en;q=0.9' };

/** Requests made so far: each one's visitor number. */
let visitor = 0;
/**
 * Rotating GETs over `paths`, each from a visitor of its own (a User-Agent per request), so every
 * answer is a new unique visitor of its profile: the most the visitor count ever has to write.
 */
function rotating(url: string, paths: string[], onResponse: Request['onResponse'], headers: Record<string, string> = {}) {
  let next = 0;
  return {
    url,
    headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (request: Request) => {
          const agent = `bench-visitor-${visitor++}`;
          return { ...request, path: paths[next++ % paths.length], headers: { ...request.headers, 'user-agent': agent } };
        },
        onResponse,
      },
    ],
  };
}

/**
 * One route, rotating over every visible seeded profile, vs GET /api/health: first one cold pass
 * (each profile once), then the steady state side by side.
 */
async function measureRoute(
  server: RunningServer,
  label: string,
  paths: string[],
  headers: Record<string, string> = {},
): Promise<{ answered: number; cutOff: number }> {
  const cache = cacheCounter();
  const started = Date.now();
  const cold = await autocannon({
    ...rotating(server.url, paths, cache.onResponse, headers),
    connections: CONNECTIONS,
    amount: paths.length,
  });
  const coldSeconds = (Date.now() - started) / 1000;
  console.log(
    `  cold pass (each profile once): ${(paths.length / coldSeconds).toFixed(0)} req/s, p99 ${cold.latency.p99} ms, ${cache.describe()}`,
  );
  cache.reset();
  // The constant route is asked through the same client machinery (a request set up per call, the
  // answer handed to a callback, the same headers): otherwise the load generator, which shares the
  // two cores, spends more per profile request than per constant one, and the ratio counts that too.
  const constant = rotating(server.url, ['/api/health'], cacheCounter().onResponse, headers);
  const r = await sideBySide(rotating(server.url, paths, cache.onResponse, headers), constant, ROUNDS, 3);
  const ratio = r.ratio;
  console.log(`  ${label.padEnd(14)} ${r.a.rps.toFixed(0).padStart(7)} req/s   p99 ${r.a.p99} ms   ${cache.describe()}`);
  console.log(`  /api/health    ${r.b.rps.toFixed(0).padStart(7)} req/s   p99 ${r.b.p99} ms`);
  console.log(
    `  ratio ${label}/constant: ${describeRatio(r)}  (target ≥ ${TARGET * 100} %: ${ratio >= TARGET ? 'PASS' : 'MISS'})${r.errors || cold.non2xx ? `  — ${r.errors + cold.non2xx} errors!` : ''}`,
  );
  // A timed run (the warm-up and each round) ends with up to `connections` requests on their way:
  // the server answers and counts them, autocannon no longer does.
  return { answered: cold['2xx'] + r.answered.a, cutOff: CONNECTIONS * (ROUNDS + 1) };
}

/**
 * The public profile JSON and the server-rendered page under load, each rotating over the 10,000
 * seeded profiles, side by side with the constant route; then checks every answer (each from a
 * visitor of its own) was counted as one unique visitor.
 */
export async function publicProfileBench(server: RunningServer): Promise<void> {
  if (!server.databaseUrl) {
    console.log('Public profile: skipped (needs PostgreSQL; set BENCH_DATABASE_URL)\n');
    return;
  }
  const started = Date.now();
  const pages = await seed(server.databaseUrl);
  const before = await countedVisitors(server.databaseUrl);
  console.log(
    `Public profile: seeded ${PROFILES.toLocaleString('en')} profiles of ${OWNERS} owners in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `GET /api/public/link/{alias}/{profileId} (JSON), round-robin over ${pages.length.toLocaleString('en')} distinct visible profiles, vs GET /api/health…`,
  );
  const json = await measureRoute(
    server,
    'profile JSON',
    pages.map((path) => `/api/public${path}`),
  );
  // The page follows on the profile cache the JSON run filled, as on a live server: its cold pass
  // renders and compresses every page; an entry read 8–9 min after it was loaded would be reloaded in
  // the background (the refreshes are counted; a run this short sees none).
  console.log(
    `GET /link/{alias}/{profileId} (the server-rendered page, as a browser asks: brotli, English), same profiles, vs GET /api/health…`,
  );
  const html = await measureRoute(server, 'public page', pages, BROWSER_HEADERS);

  // Every answered request is a visitor of its own (a User-Agent per request), and so is each request
  // cut off at the end of a timed run.
  const answered = json.answered + html.answered;
  const slack = json.cutOff + html.cutOff;
  let visitors = 0;
  for (let i = 0; i < 30; i++) {
    visitors = (await countedVisitors(server.databaseUrl)) - before;
    if (visitors >= answered) break;
    await new Promise((resolve) => setTimeout(resolve, 500)); // counters are written every 5 s
  }
  const ok = visitors >= answered && visitors <= answered + slack;
  console.log(
    `  visitors counted: ${visitors.toLocaleString('en')} for ${answered.toLocaleString('en')} answered requests (${ok ? 'correct' : 'WRONG'})\n`,
  );
}
