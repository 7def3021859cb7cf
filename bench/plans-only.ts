// npm run bench runs everything; this runs only the /user/plans benchmark (tsx --conditions=source plans-only.ts).
import { plansBench } from './plans.js';
import { BENCH_USER, startBenchServer } from './lib/server.js';

const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 4362));
try {
  console.log(`API on ${server.database} at ${server.url}\n`);
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_USER),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  await plansBench(server, token);
} finally {
  await server.stop();
}
