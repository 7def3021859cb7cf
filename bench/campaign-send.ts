// npm run bench:campaign -w bench: a campaign delivered to a local SMTP sink with no rate limit, side by
// side with a bare nodemailer loop sending the same messages to the same sink (lib/bare-smtp-loop.ts),
// with DKIM off and on (the bare loop signs too, same key, nodemailer's `dkim` option): messages per
// second of each and their ratio (target ≥ 0.85 in both), and GET /api/user at rest and while a
// campaign sends (req/s, p95, p99). PostgreSQL (seeded with SQL); needs `npm run build`.
// BENCH_RECIPIENTS=2000 (or `-- --recipients 2000`) runs a small one; the default is 20,000.
// Measured with the jobs in the API process and in a worker process of their own
// (BENCH_TOPOLOGY=inline or worker runs one); BENCH_DKIM=off or on runs one DKIM setting.
import pg from 'pg';
import { fork } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BareLoopRequest, BareLoopResult } from './lib/bare-smtp-loop.js';
import { latencyRun, type LatencySample } from './lib/measure.js';
import { apiSource } from './lib/scratch-app.js';
import { BENCH_USER, benchToken, startBenchServer } from './lib/server.js';

/** The recipient count: `--recipients N` or BENCH_RECIPIENTS, else 20,000. */
function recipientCount(): number {
  const flag = process.argv.indexOf('--recipients');
  const raw = flag >= 0 ? process.argv[flag + 1] : process.env.BENCH_RECIPIENTS;
  if (raw === undefined || raw === '') return 20_000;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`the recipient count must be a whole number ≥ 1, not ${raw}`);
  return n;
}

const RECIPIENTS = recipientCount();
/** The campaign sender's connections (CAMPAIGN_SMTP_CONNECTIONS, default 16): the bare loop keeps as many. */
const CONNECTIONS = Number(process.env.CAMPAIGN_SMTP_CONNECTIONS || 16);
/** The bench template: what an editor's email holds (heading, text with a bare address, an image, a button, a rule). */
const BENCH_BODY =
  '<h2>Hello {{nombre}}</h2><p>Read <a href="https://example.org/news">our news</a> or https://example.org/blog.</p>' +
  '<p><img src="https://example.org/banner.png" alt="Our autumn collection" width="1200" height="600"></p>' +
  '<p><a class="button" href="https://example.org/shop">See the collection</a></p><hr><p>See you soon.</p>';
const TEMPLATE = { subject: 'News for {{nombre}}', bodyHtml: BENCH_BODY };
const TARGET_RATIO = 0.85;
const verdict = (ok: boolean) => (ok ? 'meets the target' : 'MISSES the target');

/** One RSA-2048 key for every DKIM run, the app's and the bare loop's (a file, as DKIM_PRIVATE_KEY_FILE takes it). */
const DKIM_KEY_FILE = join(mkdtempSync(join(tmpdir(), 'enlaza-bench-dkim-')), 'dkim.pem');
writeFileSync(DKIM_KEY_FILE, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
const DKIM = { domainName: 'enlaza.local', keySelector: 'bench', keyFile: DKIM_KEY_FILE };

type SinkCount = { accepted: number; firstAt: number; lastAt: number; cpuMicros: number };
/** Messages per second as the sink saw them: from the first accepted to the last. */
const rateOf = (c: SinkCount) => (c.accepted > 1 ? ((c.accepted - 1) * 1000) / (c.lastAt - c.firstAt) : NaN);

/** CPU time (µs) of processes so far, from /proc (Linux; 0 elsewhere): user + system, 100 ticks a second. */
function cpuMicros(pids: (number | undefined)[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* gone, or no /proc */
    }
  }
  return ticks * 10_000;
}

/**
 * The local PostgreSQL server's CPU so far (µs): every live postgres process's own, plus what the
 * postmaster has collected from its ended children (backends come and go; their time must not).
 */
function postgresCpuMicros(): number {
  try {
    let ticks = 0;
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
        // The postmaster (its parent is no postgres): its children that ended (cutime, cstime).
        const parent = fields[1]!;
        const parentComm = (() => {
          try {
            return readFileSync(`/proc/${parent}/comm`, 'utf8').trim();
          } catch {
            return '';
          }
        })();
        if (parentComm !== 'postgres') ticks += Number(fields[13]) + Number(fields[14]);
      } catch {
        /* ended meanwhile */
      }
    }
    return ticks * 10_000;
  } catch {
    return 0;
  }
}

/**
 * The SMTP sink of the measurement, which accepts everything and counts it, in a child process of its
 * own (lib/smtp-sink-process.ts): in this process it shared one event loop with autocannon, and the
 * GET /api/user figures while sending measured the sink's SMTP parsing as much as the API.
 */
async function startSink() {
  const child = fork(fileURLToPath(new URL('./lib/smtp-sink-process.ts', import.meta.url)), [], { stdio: 'inherit' });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited (${code})`)));
  });
  const ask = <T>(type: 'count' | 'reset') =>
    new Promise<T>((resolve) => {
      child.once('message', (m: T) => resolve(m));
      child.send({ type });
    });
  return {
    port,
    count: () => ask<SinkCount>('count'),
    reset: () => ask<unknown>('reset'),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ type: 'close' });
      }),
  };
}

/** The bare nodemailer loop (lib/bare-smtp-loop.ts) in a process of its own: `count` messages to the sink. */
async function bareLoop(request: BareLoopRequest): Promise<BareLoopResult> {
  const child = fork(fileURLToPath(new URL('./lib/bare-smtp-loop.ts', import.meta.url)), [], { stdio: 'inherit' });
  return new Promise<BareLoopResult>((resolve, reject) => {
    child.once('message', (m: BareLoopResult) => resolve(m));
    child.once('exit', (code) => (code ? reject(new Error(`the bare SMTP loop exited (${code})`)) : undefined));
    child.send(request);
  });
}

/** CPU per message (µs): the sending process, PostgreSQL, the sink. */
type CpuShare = { sender: number; postgres: number; sink: number };

type Cell = {
  topology: string;
  dkim: boolean;
  bare: number[];
  bareCpu: CpuShare;
  campaignCpu: CpuShare;
  campaign: number;
  wallSeconds: number;
  rest: LatencySample;
  sending: LatencySample;
};

const fmt = (n: number) => n.toFixed(0).padStart(5);
const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * One topology and DKIM setting, on a fresh database and SMTP sink: half the messages by the bare loop,
 * the campaign, the other half by the bare loop (so a change in the machine's load meets both sides),
 * then GET /api/user at rest and while a second campaign sends (cancelled once measured).
 */
async function measure(separateWorker: boolean, dkim: boolean, port: number): Promise<Cell | null> {
  const sink = await startSink();
  Object.assign(process.env, {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(sink.port),
    SMTP_SECURE: 'false',
    DEMO_PLAN: 'business',
    CAMPAIGN_RATE_PER_SECOND: '0',
    PUBLIC_URL: 'http://bench.enlaza.test',
    // A production build on a closed network: campaigns may start with an http public address.
    ALLOW_HTTP_PUBLIC_URL: 'true',
    MAIL_FROM: 'Enlaza <no-reply@enlaza.local>',
  });
  if (dkim)
    Object.assign(process.env, { DKIM_DOMAIN: DKIM.domainName, DKIM_SELECTOR: DKIM.keySelector, DKIM_PRIVATE_KEY_FILE: DKIM.keyFile });
  else for (const key of ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY_FILE']) delete process.env[key];
  const server = await startBenchServer(port, { separateWorker });
  try {
    if (!server.databaseUrl) {
      console.log('Campaign benchmark: PostgreSQL only (BENCH_DATABASE_URL); skipped on PGlite.');
      return null;
    }
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    const {
      rows: [user],
    } = await client.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [BENCH_USER.email]);
    const {
      rows: [profile],
    } = await client.query<{ id: string }>(`INSERT INTO profiles (user_id, kind, name) VALUES ($1, 'card', 'Bench card') RETURNING id`, [
      user!.id,
    ]);
    await client.query(
      `INSERT INTO messages (profile_id, user_id, name, email, body, consent) SELECT $1, $2, 'Reader ' || g, 'reader' || g || '@sink.bench', 'Keep me posted', true FROM generate_series(1, $3::int) g`,
      [profile!.id, user!.id, RECIPIENTS],
    );
    const {
      rows: [template],
    } = await client.query<{ id: string }>(
      `INSERT INTO email_templates (user_id, name, subject, body_html, body_text) VALUES ($1, 'Bench', $2, $3, $4) RETURNING id`,
      [user!.id, TEMPLATE.subject, TEMPLATE.bodyHtml, 'Hello {{nombre}}'],
    );
    await client.end();

    const token = await benchToken(server);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const user$ = { url: `${server.url}/api/user`, headers: { authorization: `Bearer ${token}` } };
    const startCampaign = async () => {
      const created = await fetch(`${server.url}/api/campaigns`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: 'Bench', templateId: template!.id, audience: { profileIds: [profile!.id] } }),
      });
      const id = ((await created.json()) as { data: { id: string } }).data.id;
      const started = await fetch(`${server.url}/api/campaigns/${id}/start`, { method: 'POST', headers: auth, body: '{}' });
      if (!started.ok) throw new Error(`start: ${started.status} ${await started.text()}`);
      return id;
    };
    const stateOf = async (id: string) => {
      const res = await fetch(`${server.url}/api/campaigns/${id}`, { headers: auth });
      return ((await res.json()) as { data: { state: string } }).data.state;
    };

    const topology = separateWorker ? 'worker process' : 'API process';
    const label = `${topology}, DKIM ${dkim ? 'on' : 'off'}`;
    console.log(
      `Campaign to ${RECIPIENTS.toLocaleString('en')} recipients, SMTP sink, no rate limit (${server.database}, ${label}; load average ${loadavg()[0]!.toFixed(1)})…`,
    );
    const bareCpu: CpuShare = { sender: 0, postgres: 0, sink: 0 };
    const bareRun = async (count: number) => {
      await sink.reset();
      const pg0 = postgresCpuMicros();
      const result = await bareLoop({ port: sink.port, count, connections: CONNECTIONS, template: TEMPLATE, dkim: dkim ? DKIM : null });
      if (result.failed > 0) throw new Error(`the bare loop had ${result.failed} failed sends`);
      const c = await sink.count();
      bareCpu.sender += result.cpuMicros / RECIPIENTS;
      bareCpu.postgres += (postgresCpuMicros() - pg0) / RECIPIENTS;
      bareCpu.sink += c.cpuMicros / RECIPIENTS;
      return rateOf(c);
    };
    const half = Math.max(2, Math.floor(RECIPIENTS / 2));
    const bare = [await bareRun(half)];

    await sink.reset();
    // The process that sends: the API's, or the worker's.
    const senderPid = separateWorker ? server.workerPid : server.pid;
    const cpu0 = { sender: cpuMicros([senderPid]), postgres: postgresCpuMicros() };
    const t0 = performance.now();
    const campaignId = await startCampaign();
    // Watched as its page watches it while it sends: once a second (each look counts the campaign's
    // recipients by state, ~10 ms of PostgreSQL for 20,000; ten a second took 5.7 s of it in a 66 s
    // send, more than the emails' own marks and claims). The rates are the sink's, so this sets only
    // the wall time's resolution.
    while ((await stateOf(campaignId)) !== 'sent') await new Promise((r) => setTimeout(r, 1000));
    const wallSeconds = (performance.now() - t0) / 1000;
    const counted = await sink.count();
    if (counted.accepted !== RECIPIENTS) throw new Error(`the sink accepted ${counted.accepted} of ${RECIPIENTS}`);
    const campaign = rateOf(counted);
    const campaignCpu: CpuShare = {
      sender: (cpuMicros([senderPid]) - cpu0.sender) / RECIPIENTS,
      postgres: (postgresCpuMicros() - cpu0.postgres) / RECIPIENTS,
      sink: counted.cpuMicros / RECIPIENTS,
    };
    bare.push(await bareRun(half));

    // GET /api/user at rest, then while a second campaign sends (its first seconds), which is then cancelled.
    await latencyRun(user$, 1);
    const rest = await latencyRun(user$, 4);
    await sink.reset();
    const second = await startCampaign();
    // From its first email on (the start writes every recipient row first).
    while ((await sink.count()).accepted === 0) await new Promise((r) => setTimeout(r, 20));
    await sink.reset();
    await latencyRun(user$, 1);
    const sending = await latencyRun(user$, 4);
    const sentMeanwhile = (await sink.count()).accepted;
    await fetch(`${server.url}/api/campaigns/${second}/cancel`, { method: 'POST', headers: auth, body: '{}' });

    const bareMean = (bare[0]! + bare[1]!) / 2;
    const ratio = campaign / bareMean;
    console.log(`  bare nodemailer loop     ${fmt(bare[0]!)} / ${fmt(bare[1]!)} messages/s (before / after the campaign)`);
    console.log(
      `  campaign                 ${fmt(campaign)} messages/s (${wallSeconds.toFixed(1)} s from the start request to \`sent\`: ${(RECIPIENTS / wallSeconds).toFixed(0)}/s)`,
    );
    const share = (c: CpuShare) =>
      `${(c.sender + c.postgres + c.sink).toFixed(0)} µs (sender ${c.sender.toFixed(0)}, PostgreSQL ${c.postgres.toFixed(0)}, sink ${c.sink.toFixed(0)})`;
    console.log(`  CPU per message: bare loop ${share(bareCpu)}; campaign ${share(campaignCpu)}`);
    console.log(`  load average after: ${loadavg()[0]!.toFixed(1)}`);
    console.log(`  ratio campaign / bare:   ${ratio.toFixed(2)}  (target ≥ ${TARGET_RATIO}: ${verdict(ratio >= TARGET_RATIO)})`);
    console.log(
      `  GET /api/user at rest    ${fmt(rest.rps)} req/s   p50 ${ms(rest.p50)}   p95 ${ms(rest.p95)}   p99 ${ms(rest.p99)}   errors ${rest.errors}`,
    );
    console.log(
      `  GET /api/user sending    ${fmt(sending.rps)} req/s   p50 ${ms(sending.p50)}   p95 ${ms(sending.p95)}   p99 ${ms(sending.p99)}   errors ${sending.errors}  (${sentMeanwhile} emails sent meanwhile)\n`,
    );
    return { topology, dkim, bare, bareCpu, campaignCpu, campaign, wallSeconds, rest, sending };
  } finally {
    await server.stop();
    await sink.close();
  }
}

/**
 * What the one renderer costs (apps/api/src/modules/templates/render.ts), side by side in one loop:
 * laying the template out and inlining its CSS (juice), done once per campaign, against merging one
 * recipient into the prepared document (merge fields, click links, footer, pixel) — and so what the
 * layout would cost per message if it were done for every recipient.
 */
async function renderCost(): Promise<void> {
  const { prepareEmail } = (await apiSource('modules/templates/render.ts')) as {
    prepareEmail: (template: { subject: string; bodyHtml: string }, locale: string) => unknown;
  };
  const { createLinkSigner, renderCampaignEmail } = (await apiSource('modules/campaigns/links.ts')) as {
    createLinkSigner: (secret: string, publicUrl: string) => unknown;
    renderCampaignEmail: (prepared: unknown, recipient: object, context: object) => unknown;
  };
  const signer = createLinkSigner('bench-secret', 'https://enlaza.example');
  const sender = { name: 'Bench Shop', postalAddress: 'Calle Mayor 1\n28013 Madrid', replyTo: 'owner@example.org' };
  const template = { subject: 'News for {{nombre}}', bodyHtml: BENCH_BODY };
  const ids = Array.from({ length: 1000 }, (_, i) => `0b7e6c1e-8f0a-4c3e-9d55-${String(i).padStart(12, '0')}`);
  let prepareMs = 0;
  let mergeMs = 0;
  let merges = 0;
  let prepared = prepareEmail(template, 'en');
  for (let round = 0; round < 20; round += 1) {
    let t = performance.now();
    for (let i = 0; i < 10; i += 1) prepared = prepareEmail(template, 'en');
    prepareMs += performance.now() - t;
    t = performance.now();
    for (const id of ids)
      renderCampaignEmail(
        prepared,
        { id, email: 'reader@sink.bench', name: 'Reader', profileId: id },
        { signer, profileUrl: 'https://enlaza.example/link/bench', locale: 'en', sender },
      );
    mergeMs += performance.now() - t;
    merges += ids.length;
  }
  const prepareEach = prepareMs / 200;
  const mergeEach = mergeMs / merges;
  console.log('One renderer, per message (the bench template: heading, text, image, button, rule):');
  console.log(`  layout + CSS inlining (juice), once per campaign  ${prepareEach.toFixed(2)} ms`);
  console.log(`  merge one recipient (fields, links, footer)       ${(mergeEach * 1000).toFixed(0)} µs`);
  console.log(
    `  the layout done per message instead would cost ${(prepareEach / mergeEach).toFixed(0)}× the merge; per campaign of ${RECIPIENTS.toLocaleString('en')} it is ${((prepareEach / RECIPIENTS) * 1000).toFixed(2)} µs a message\n`,
  );
}

await renderCost();
const port = Number(process.env.BENCH_PORT ?? 4398);
// BENCH_TOPOLOGY=inline or worker, BENCH_DKIM=off or on: only those.
const topologies = [false, true].filter((w) => process.env.BENCH_TOPOLOGY !== (w ? 'inline' : 'worker'));
const dkims = [false, true].filter((d) => process.env.BENCH_DKIM !== (d ? 'off' : 'on'));
const cells: Cell[] = [];
let offset = 0;
for (const separateWorker of topologies)
  for (const dkim of dkims) {
    const cell = await measure(separateWorker, dkim, port + offset++);
    if (cell) cells.push(cell);
  }
if (cells.length > 0) {
  console.log(`Summary (${RECIPIENTS.toLocaleString('en')} recipients, ${CONNECTIONS} connections):`);
  console.log('  topology        DKIM   bare msg/s   campaign msg/s   ratio   GET /api/user p95 rest → sending');
  for (const c of cells) {
    const bareMean = (c.bare[0]! + c.bare[1]!) / 2;
    console.log(
      `  ${c.topology.padEnd(15)} ${(c.dkim ? 'on' : 'off').padEnd(4)}   ${fmt(bareMean)}        ${fmt(c.campaign)}            ${(c.campaign / bareMean).toFixed(2)}    ${ms(c.rest.p95)} → ${ms(c.sending.p95)}`,
    );
  }
}
