// Webhook deliveries per second through the job queue to a local endpoint, and GET /api/user
// throughput while 10,000 deliveries drain against the same at rest (the ratio). PostgreSQL only
// (the deliveries and their jobs are seeded directly). The API runs with NODE_ENV=development so
// that it may POST to this process's http://127.0.0.1 receiver (production refuses local addresses).
// Run: npm run build && npm run bench:webhooks -w bench  (BENCH_WEBHOOKS=2000 to shrink).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sideBySide } from './lib/measure.js';
import { BENCH_USER, benchToken, startBenchServer } from './lib/server.js';

const TOTAL = Number(process.env.BENCH_WEBHOOKS ?? 10_000);

let received = 0;
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received += 1;
    res.writeHead(200).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

process.env.NODE_ENV = 'development';
const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 4398));
try {
  console.log(`API on ${server.database} at ${server.url}\n`);
  console.log(`Webhooks: ${TOTAL.toLocaleString('en')} deliveries to a local endpoint through the job queue…`);
  if (!server.databaseUrl) {
    console.log('  skipped: needs PostgreSQL (seeds deliveries and jobs directly)\n');
  } else {
    const token = await benchToken(server);
    // Adding an endpoint is a sensitive change: the session proves its owner first (docs/security.md).
    await fetch(`${server.url}/api/user/reauthenticate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: BENCH_USER.password }),
    });
    const created = await fetch(`${server.url}/api/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: hookUrl, events: ['message.received'] }),
    });
    if (!created.ok) throw new Error(`creating the endpoint: ${created.status} ${await created.text()}`);
    const endpointId = ((await created.json()) as { data: { endpoint: { id: string } } }).data.endpoint.id;

    const user = { url: `${server.url}/api/user`, headers: { authorization: `Bearer ${token}` } };
    const rest = (await sideBySide(user, user, 1, 4)).a;

    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      // One delivery row and one job each, as the fan-out writes them (the jobs take the queue's defaults).
      await client.query('BEGIN');
      await client.query(
        `WITH d AS (
           INSERT INTO webhook_deliveries (endpoint_id, event_id, type, body, give_up_at)
           SELECT $1::uuid, 'evt_bench_' || g, 'message.received',
                  json_build_object('id', 'evt_bench_' || g, 'type', 'message.received', 'created', extract(epoch from now())::int, 'data', json_build_object('n', g))::text,
                  now() + interval '1 day'
           FROM generate_series(1, $2::int) g RETURNING id)
         INSERT INTO pgboss.job (name, data) SELECT 'webhooks.deliver', jsonb_build_object('deliveryId', id) FROM d`,
        [endpointId, TOTAL],
      );
      await client.query('COMMIT');
      const started = performance.now();
      const during = (await sideBySide(user, user, 1, 4)).a;
      const loadEnded = performance.now();
      const deliveredUnderLoad = received;
      const drainingAtEnd = received < TOTAL;
      while (received < TOTAL) await new Promise((r) => setTimeout(r, 100));
      const seconds = (performance.now() - started) / 1000;
      const afterLoad = (performance.now() - loadEnded) / 1000;
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'succeeded'`,
        [endpointId],
      );
      console.log(
        `  drained ${TOTAL.toLocaleString('en')} in ${seconds.toFixed(1)} s (${rows[0]?.n} logged succeeded): ` +
          `${deliveredUnderLoad} during the ${((loadEnded - started) / 1000).toFixed(1)} s of load (warm-up included), ` +
          `then ${((TOTAL - deliveredUnderLoad) / afterLoad).toFixed(0)} deliveries/s without it`,
      );
      console.log(`  GET /api/user at rest      ${rest.rps.toFixed(0).padStart(7)} req/s   p99 ${rest.p99} ms`);
      console.log(
        `  GET /api/user draining     ${during.rps.toFixed(0).padStart(7)} req/s   p99 ${during.p99} ms${drainingAtEnd ? '' : '  (the queue emptied before the measurement ended)'}`,
      );
      console.log(`  ratio draining/rest: ${((during.rps / rest.rps) * 100).toFixed(1)} %\n`);
    } finally {
      await client.end();
    }
  }
} finally {
  await server.stop();
  receiver.close();
}
