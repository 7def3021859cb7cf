// Segments over a large audience on PostgreSQL: seeds one owner with BENCH_CONTACTS contacts
// (default 1,000,000) in an imported list, each with the proof of consent an import records, five
// contact fields (city: a choice, age: a number, customer since: a date, plan: a choice, notes: text)
// filled for about 80 % of them, and a sent campaign that 20 % opened (10 % in the last 30 days) —
// all with generate_series — then, for each segment below, asks for its count through the real app
// (POST /api/audience/segments/count) and resolves its send list as a campaign's start does
// (audience `resolveAudience`), BENCH_REQUESTS times each (default 20), and prints p50, p95 and max.
// Target: p95 < 300 ms for both.
// BENCH_KEEP_DATABASE=1 keeps the database; BENCH_REUSE_DATABASE=<name> measures again on a kept one.
// Run: npm run bench:segments -w bench (BENCH_DATABASE_URL or TEST_DATABASE_URL: a server whose user may create databases).
import pg from 'pg';
import { apiSource, scratchApp } from './lib/scratch-app.js';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const TARGET_MS = 300;
const DEMO = { email: 'demo@enlaza.test', password: 'bench-demo-password' };

const { app, database, url, drop, reused } = await scratchApp('enlaza_bench_segments', {
  admin: { email: 'admin@enlaza.test', password: 'bench-admin-password' },
  demo: DEMO,
});
const seeder = new pg.Client({ connectionString: url.toString() });
await seeder.connect();
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const CITIES = ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Bilbao', 'Málaga', 'Zaragoza', 'Murcia', 'Palma', 'Toledo'];

async function seed(ownerId: string) {
  const { rows: lists } = await seeder.query<{ id: string }>(
    `insert into contact_lists (user_id, name) values ($1, 'Fair leads') returning id`,
    [ownerId],
  );
  await seeder.query(
    `insert into contacts (list_id, email, name, created_at)
     select $1, 'person' || g || '@bench.example', 'Person ' || g, now() - (g % 1000) * interval '1 day' from generate_series(1, $2::int) g`,
    [lists[0]!.id, CONTACTS],
  );
  // Each contact's proof of consent, as an import on the owner's word records it (effective at once).
  await seeder.query(
    `insert into consents (user_id, email, source, contact_id, origin, text, text_version, locale, method, confirmed_at, created_at)
     select $1, c.email, 'import', c.id, 'Fair leads', 'Agreed at the fair to hear from us.', 'bench00000000000', 'es', 'single', c.created_at, c.created_at
     from contacts c where c.list_id = $2`,
    [ownerId, lists[0]!.id],
  );
  const field = async (name: string, type: string, choices: string[] = []) =>
    (
      await seeder.query<{ id: string }>(
        `insert into contact_fields (user_id, name, type, choices, position) values ($1, $2, $3, $4::jsonb, 0) returning id`,
        [ownerId, name, type, JSON.stringify(choices)],
      )
    ).rows[0]!.id;
  const city = await field('City', 'choice', CITIES);
  const age = await field('Age', 'number');
  const since = await field('Customer since', 'date');
  const plan = await field('Plan', 'choice', ['Basic', 'Pro', 'Gold']);
  const notes = await field('Notes', 'text');
  // About 80 % of the people have each value (a different 20 % lacks each).
  await seeder.query(
    `insert into contact_field_values (field_id, email, text_value, number_value, date_value)
     select $1::uuid, 'person' || g || '@bench.example', ($6::text[])[1 + (g / 7) % 10], null::numeric, null::date from generate_series(1, $7::int) g where g % 5 <> 0
     union all select $2::uuid, 'person' || g || '@bench.example', null, 18 + g % 60, null from generate_series(1, $7::int) g where g % 5 <> 1
     union all select $3::uuid, 'person' || g || '@bench.example', null, null, date '2015-01-01' + (g % 4000) from generate_series(1, $7::int) g where g % 5 <> 2
     union all select $4::uuid, 'person' || g || '@bench.example', (array['Basic','Pro','Gold'])[1 + g % 3], null, null from generate_series(1, $7::int) g where g % 5 <> 3
     union all select $5::uuid, 'person' || g || '@bench.example', 'met at the fair, stand ' || g % 300, null, null from generate_series(1, $7::int) g where g % 5 <> 4`,
    [city, age, since, plan, notes, CITIES, CONTACTS],
  );
  // A sent campaign to everyone: 20 % opened it (half of them in the last 30 days).
  const { rows: campaigns } = await seeder.query<{ id: string }>(
    `insert into campaigns (user_id, name, state, audience) values ($1, 'Spring', 'sent', '{"profileIds":[],"folderIds":[],"labelIds":[],"listIds":[],"segmentIds":[]}') returning id`,
    [ownerId],
  );
  await seeder.query(
    `insert into campaign_recipients (campaign_id, email, state, sent_at, opened_at)
     select $1, 'person' || g || '@bench.example', 'sent', now() - interval '90 days',
            case when g % 10 = 0 then now() - interval '5 days' when g % 10 = 1 then now() - interval '60 days' end
     from generate_series(1, $2::int) g`,
    [campaigns[0]!.id, CONTACTS],
  );
  await seeder.query('vacuum analyze');
  return { list: lists[0]!.id, city, age, since, plan, notes, campaign: campaigns[0]!.id };
}

type Ids = Awaited<ReturnType<typeof seed>>;

/** The segments measured: one field, two fields with AND, engagement, and groups joined by OR. */
const SEGMENTS = (ids: Ids) => {
  const all = (...conditions: object[]) => ({ match: 'all', groups: [{ match: 'all', conditions }] });
  return [
    ['city is Madrid (7 %)', all({ kind: 'field', fieldId: ids.city, op: 'is', value: 'Madrid' })],
    [
      'age > 60 and plan is Gold (7 %)',
      all({ kind: 'field', fieldId: ids.age, op: 'gt', value: 60 }, { kind: 'field', fieldId: ids.plan, op: 'is', value: 'Gold' }),
    ],
    ['opened in the last 30 days (10 %)', all({ kind: 'engagement', event: 'opened', days: 30 })],
    ['customer since after 2025-06-01 (4 %)', all({ kind: 'field', fieldId: ids.since, op: 'after', value: '2025-06-01' })],
    [
      '(Madrid and age < 30) or (Gold and not opened) (20 %)',
      {
        match: 'any',
        groups: [
          {
            match: 'all',
            conditions: [
              { kind: 'field', fieldId: ids.city, op: 'is', value: 'Madrid' },
              { kind: 'field', fieldId: ids.age, op: 'lt', value: 30 },
            ],
          },
          {
            match: 'all',
            conditions: [
              { kind: 'field', fieldId: ids.plan, op: 'is', value: 'Gold' },
              { kind: 'engagement', event: 'opened', negate: true },
            ],
          },
        ],
      },
    ],
  ] as const;
};

try {
  const { rows: owners } = await seeder.query<{ id: string }>('select id from users where email = $1', [DEMO.email]);
  const ownerId = owners[0]!.id;
  const seeding = performance.now();
  const ids: Ids = reused
    ? await (async () => {
        const f = (name: string) =>
          seeder.query<{ id: string }>('select id from contact_fields where name = $1', [name]).then((r) => r.rows[0]!.id);
        const list = (await seeder.query<{ id: string }>('select id from contact_lists limit 1')).rows[0]!.id;
        const campaign = (await seeder.query<{ id: string }>(`select id from campaigns where name = 'Spring'`)).rows[0]!.id;
        return {
          list,
          campaign,
          city: await f('City'),
          age: await f('Age'),
          since: await f('Customer since'),
          plan: await f('Plan'),
          notes: await f('Notes'),
        };
      })()
    : await seed(ownerId);
  const { rows: sizes } = await seeder.query<{ contacts: number; values: number }>(
    'select (select count(*) from contacts)::int as contacts, (select count(*) from contact_field_values)::int as values',
  );
  console.log(
    `${reused ? 'Reusing' : 'Seeded'} ${sizes[0]!.contacts.toLocaleString('en')} contacts with ${sizes[0]!.values.toLocaleString('en')} field values in ${((performance.now() - seeding) / 1000).toFixed(1)} s (PostgreSQL ${url.host}).`,
  );

  const login = await app.inject({ method: 'POST', url: '/api/login', payload: DEMO });
  const token = (login.json() as { data?: { token?: string } }).data?.token ?? '';
  if (!token) throw new Error(`demo sign-in failed: ${login.body}`);
  const { resolveAudience } = (await apiSource('modules/audience/index.ts')) as {
    resolveAudience: (db: unknown, ownerId: string, selector: object, signals: object) => Promise<unknown[]>;
  };
  const { segmentSignals } = (await apiSource('modules/campaigns/index.ts')) as { segmentSignals: (clock: { now(): Date }) => object };

  const timed = async (run: () => Promise<unknown>, times: number) => {
    const took: number[] = [];
    for (let i = 0; i < times; i += 1) {
      const started = performance.now();
      await run();
      took.push(performance.now() - started);
    }
    return took.sort((a, b) => a - b);
  };
  const describe = (took: number[]) =>
    `p50 ${percentile(took, 50).toFixed(0).padStart(5)} ms  p95 ${percentile(took, 95).toFixed(0).padStart(5)} ms  max ${took.at(-1)!.toFixed(0).padStart(5)} ms`;
  let over = 0;
  console.log(`\nEach segment ${REQUESTS} times (after 2 warm-ups); target p95 < ${TARGET_MS} ms:`);
  for (const [name, rule] of SEGMENTS(ids)) {
    let people = 0;
    const count = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/audience/segments/count',
        headers: { authorization: `Bearer ${token}` },
        payload: { rule },
      });
      if (res.statusCode !== 200) throw new Error(`count answered ${res.statusCode}: ${res.body}`);
      people = (res.json() as { data: { people: number } }).data.people;
    };
    const saved = await app.inject({
      method: 'POST',
      url: '/api/audience/segments',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: name.slice(0, 100), rule },
    });
    const segmentId = (saved.json() as { data: { id: string } }).data.id;
    const selector = { profileIds: [], folderIds: [], labelIds: [], listIds: [], segmentIds: [segmentId] };
    let listed = 0;
    const sendList = async () => {
      listed = (await resolveAudience(database.db, ownerId, selector, segmentSignals({ now: () => new Date() }))).length;
    };
    await timed(count, 2);
    const counted = await timed(count, REQUESTS);
    await timed(sendList, 2);
    const resolved = await timed(sendList, Math.max(5, Math.round(REQUESTS / 2)));
    if (listed !== people) throw new Error(`${name}: the count (${people}) and the send list (${listed}) disagree`);
    over += Number(percentile(counted, 95) >= TARGET_MS) + Number(percentile(resolved, 95) >= TARGET_MS);
    console.log(`  ${name} — ${people.toLocaleString('en')} people`);
    console.log(`    count      ${describe(counted)}`);
    console.log(`    send list  ${describe(resolved)}`);
  }
  console.log(over === 0 ? `\nEvery p95 within ${TARGET_MS} ms.` : `\n${over} p95 figure(s) OVER ${TARGET_MS} ms.`);
} finally {
  await seeder.end();
  await drop();
}
