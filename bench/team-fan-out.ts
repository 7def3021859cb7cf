// A locked template field changed on a team of 1,000 members: how long until every member's public
// page shows it, and the public pages' throughput while the change fans out against the same at rest.
// PostgreSQL only (the members and their cards are seeded directly).
// Run: npm run build && npm run bench:team -w bench  (BENCH_TEAM_MEMBERS=200 to shrink).
import autocannon, { type Request } from 'autocannon';
import pg from 'pg';
import { CONNECTIONS } from './lib/measure.js';
import { withBenchServer, type RunningServer } from './lib/server.js';

const MEMBERS = Number(process.env.BENCH_TEAM_MEMBERS ?? 1_000);
const ROUNDS = 3;
const SECONDS = 4;
/** The change is made this long into a "during" round, so the round covers the fan-out and what follows it. */
const CHANGE_AFTER_MS = 500;

type Api = (method: string, path: string, body?: unknown) => Promise<{ data: unknown }>;

function apiOf(server: RunningServer, token: string): Api {
  return async (method, path, body) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json()) as { ok: number; data: unknown };
    if (!res.ok || answer.ok !== 1) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
}

/** Members 2…MEMBERS (the owner is the first), each with an assigned team card copied from the owner's. */
async function seedMembers(databaseUrl: string, teamId: string, ownerCardId: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO users (email, name, alias, codigo, role, status, password_hash, email_verified_at)
       SELECT 'member' || g || '@bench.test', 'Member ' || g, 'member-' || g, 'TEAM' || lpad(g::text, 6, '0'), 'user', 'active', 'not-a-hash', now()
       FROM generate_series(2, $1::int) g`,
      [MEMBERS],
    );
    await client.query(
      `INSERT INTO team_members (team_id, user_id, role, job_title, status)
       SELECT $1::uuid, id, 'member', 'Sales', 'active' FROM users WHERE email LIKE 'member%@bench.test'`,
      [teamId],
    );
    await client.query(
      `WITH owner_card AS (SELECT * FROM profiles WHERE id = $2::uuid),
            cards AS (
              INSERT INTO profiles (user_id, team_id, kind, name, theme, visibility, contact_form, wall, logo_file_id, cover_file_id, card)
              SELECT u.id, $1::uuid, 'card', u.name, c.theme, 'public', true, false, c.logo_file_id, c.cover_file_id,
                     c.card || jsonb_build_object('firstName', 'Member', 'lastName', split_part(u.name, ' ', 2), 'jobTitle', 'Sales')
              FROM users u CROSS JOIN owner_card c WHERE u.email LIKE 'member%@bench.test'
              RETURNING id, user_id)
       INSERT INTO team_cards (profile_id, team_id, member_user_id, status) SELECT id, $1::uuid, user_id, 'assigned' FROM cards`,
      [teamId, ownerCardId],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE users; ANALYZE profiles; ANALYZE team_members; ANALYZE team_cards');
  } finally {
    await client.end();
  }
}

/**
 * Fetches every page (as a browser would: compressed) until each shows `text`, with as many requests
 * in flight as the load uses; resolves with the milliseconds from `since`. A page still showing the
 * old text goes back in the queue.
 */
async function untilEveryPageShows(origin: string, paths: string[], text: string, since: number): Promise<number> {
  const queue = [...paths];
  let pending = paths.length;
  const worker = async () => {
    while (pending > 0) {
      const path = queue.shift();
      if (!path) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        continue;
      }
      const html = await fetch(`${origin}${path}`).then((r) => r.text());
      if (html.includes(text)) pending -= 1;
      else queue.push(path);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return performance.now() - since;
}

/** Public pages of the team's cards, one after another, for `seconds`; calls `during` once the load runs. */
async function load(origin: string, paths: string[], seconds: number, during?: () => Promise<void>) {
  let next = 0;
  const run = autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (request: Request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  const change = during ? new Promise((resolve) => setTimeout(resolve, CHANGE_AFTER_MS)).then(during) : Promise.resolve();
  const [result] = await Promise.all([run, change]);
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx + result.timeouts };
}

await withBenchServer(Number(process.env.BENCH_PORT ?? 4397), async (server, token) => {
  console.log(`Teams: a locked field changed on a team of ${MEMBERS.toLocaleString('en')} members…`);
  if (!server.databaseUrl) {
    console.log('  skipped: needs PostgreSQL (seeds members directly)\n');
    return;
  }
  const api = apiOf(server, token);
  const { data: mine } = (await api('POST', '/api/team', { name: 'Bench Company', alias: 'bench-company' })) as {
    data: { team: { id: string }; cardId: string };
  };
  await seedMembers(server.databaseUrl, mine.team.id, mine.cardId);
  const { data: allCards } = (await api('GET', '/api/team/cards')) as { data: { publicPath: string }[] };
  const paths = allCards.map((card) => card.publicPath);
  if (paths.length !== MEMBERS) throw new Error(`expected ${MEMBERS} team cards, the team lists ${paths.length}`);

  let version = 0;
  const setCompany = async () => {
    version += 1;
    const company = `Bench Company v${version}`;
    const { data } = (await api('PUT', '/api/team/template', {
      values: { company, links: [] },
      locks: { company: 'locked' },
    })) as { data: { cardsUpdated: number } };
    if (data.cardsUpdated !== MEMBERS) throw new Error(`the template reached ${data.cardsUpdated} cards, not ${MEMBERS}`);
    return company;
  };

  // Every page rendered and cached once, as on a site people visit.
  const first = await setCompany();
  await untilEveryPageShows(server.url, paths, first, performance.now());

  const propagation: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const started = performance.now();
    const company = await setCompany();
    const saved = performance.now() - started;
    const all = await untilEveryPageShows(server.url, paths, company, started);
    propagation.push(all);
    console.log(
      `  change ${i + 1}: saved (one statement, ${MEMBERS} cards) in ${saved.toFixed(0)} ms; every page shows it after ${all.toFixed(0)} ms`,
    );
  }

  const ratios: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const rest = await load(server.url, paths, SECONDS);
    let company = '';
    const during = await load(server.url, paths, SECONDS, async () => {
      company = await setCompany();
    });
    await untilEveryPageShows(server.url, paths, company, performance.now());
    ratios.push(during.rps / rest.rps);
    console.log(
      `  round ${i + 1}: at rest ${rest.rps.toFixed(0)} req/s (p99 ${rest.p99} ms), with a change ${CHANGE_AFTER_MS} ms in ` +
        `${during.rps.toFixed(0)} req/s (p99 ${during.p99} ms): ${((during.rps / rest.rps) * 100).toFixed(1)} %` +
        (rest.errors + during.errors ? `, ${rest.errors + during.errors} errors` : ''),
    );
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `  every page shows a change after ${median(propagation).toFixed(0)} ms (median of ${ROUNDS}; target < 5,000 ms); ` +
      `throughput during the fan-out ${(median(ratios) * 100).toFixed(1)} % of at rest (median of ${ROUNDS} paired rounds; target ≥ 80 %)\n`,
  );
});
