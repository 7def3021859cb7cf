// npm run bench:campaign -w bench: a campaign to 20,000 recipients delivered to a local SMTP sink with
// no rate limit: messages per second (target ≥ 500), and GET /api/user throughput while it sends
// against the same at rest (ratio printed, target ≥ 0.8). PostgreSQL (seeded with SQL); needs `npm run build`.
// BENCH_RECIPIENTS=200 (or `-- --recipients 200`) runs a small one end to end; the default stays 20,000.
// Measured twice: with the jobs in the API process (the default) and in a worker process of their own.
import pg from 'pg';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sideBySide } from './lib/measure.js';
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
/** The bench template: what an editor's email holds (heading, text with a bare address, an image, a button, a rule). */
const BENCH_BODY =
  '<h2>Hello {{nombre}}</h2><p>Read <a href="https://example.org/news">our news</a> or https://example.org/blog.</p>' +
  '<p><img src="https://example.org/banner.png" alt="Our autumn collection" width="1200" height="600"></p>' +
  '<p><a class="button" href="https://example.org/shop">See the collection</a></p><hr><p>See you soon.</p>';
const TARGET_RATE = 500;
const TARGET_RATIO = 0.8;
const verdict = (ok: boolean) => (ok ? 'meets the target' : 'MISSES the target');

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
  return {
    port,
    accepted: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m: { accepted: number }) => resolve(m.accepted));
        child.send({ type: 'count' });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ type: 'close' });
      }),
  };
}

/**
 * One campaign in one topology: the jobs in the API process (WORKERS=inline, the default) or in a
 * worker process of their own (`npm run worker`), on a fresh database and SMTP sink each.
 */
async function measure(separateWorker: boolean, port: number): Promise<void> {
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
  });
  const server = await startBenchServer(port, { separateWorker });
  try {
    if (!server.databaseUrl) {
      console.log('Campaign benchmark: PostgreSQL only (BENCH_DATABASE_URL); skipped on PGlite.');
    } else {
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
        `INSERT INTO email_templates (user_id, name, subject, body_html, body_text) VALUES ($1, 'Bench', 'News for {{nombre}}', $2, $3) RETURNING id`,
        [user!.id, BENCH_BODY, 'Hello {{nombre}}'],
      );
      await client.end();

      const token = await benchToken(server);
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const user$ = { url: `${server.url}/api/user`, headers: { authorization: `Bearer ${token}` } };

      const topology = separateWorker ? 'jobs in a separate worker process' : 'jobs in the API process';
      console.log(`Campaign to ${RECIPIENTS.toLocaleString('en')} recipients, SMTP sink, no rate limit (${server.database}, ${topology})…`);
      const rest = (await sideBySide(user$, user$, 1, 4)).a;
      const created = await fetch(`${server.url}/api/campaigns`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: 'Bench', templateId: template!.id, audience: { profileIds: [profile!.id] } }),
      });
      const campaignId = ((await created.json()) as { data: { id: string } }).data.id;
      const t0 = performance.now();
      const started = await fetch(`${server.url}/api/campaigns/${campaignId}/start`, { method: 'POST', headers: auth, body: '{}' });
      if (!started.ok) throw new Error(`start: ${started.status} ${await started.text()}`);
      const startMs = performance.now() - t0;
      // Measured while it sends (the first seconds), then wait for the end.
      const during = (await sideBySide(user$, user$, 1, 4)).a;
      let state = 'sending';
      while (state !== 'sent') {
        await new Promise((r) => setTimeout(r, 250));
        const res = await fetch(`${server.url}/api/campaigns/${campaignId}`, { headers: auth });
        state = ((await res.json()) as { data: { state: string } }).data.state;
        if (state === 'failed' || state === 'cancelled') throw new Error(`campaign ended ${state}`);
      }
      const seconds = (performance.now() - t0) / 1000;
      const rate = RECIPIENTS / seconds;
      const ratio = during.rps / rest.rps;
      console.log(`  start (audience, quota, ${RECIPIENTS.toLocaleString('en')} rows + deliveries): ${startMs.toFixed(0)} ms`);
      console.log(
        `  sent ${await sink.accepted()} in ${seconds.toFixed(1)} s: ${rate.toFixed(0)} messages/s  (target ≥ ${TARGET_RATE}: ${verdict(rate >= TARGET_RATE)})`,
      );
      console.log(`  GET /api/user at rest   ${rest.rps.toFixed(0).padStart(7)} req/s   p99 ${rest.p99} ms`);
      console.log(`  GET /api/user sending   ${during.rps.toFixed(0).padStart(7)} req/s   p99 ${during.p99} ms`);
      console.log(
        `  ratio sending/rest: ${(ratio * 100).toFixed(1)} %  (target ≥ ${TARGET_RATIO * 100} %: ${verdict(ratio >= TARGET_RATIO)})\n`,
      );
    }
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
// BENCH_TOPOLOGY=inline or worker measures only one of the two.
const only = process.env.BENCH_TOPOLOGY;
if (only !== 'worker') await measure(false, port);
if (only !== 'inline') await measure(true, port + 1);
