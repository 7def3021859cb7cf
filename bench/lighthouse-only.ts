// npm run bench runs everything; this runs only Lighthouse (tsx --conditions=source lighthouse-only.ts [path…]):
// the login, registration and public pages, then any paths given (e.g. `/register?spa`, the SPA's registration).
import { lighthouseBench } from './lighthouse.js';
import { BENCH_USER, startBenchServer } from './lib/server.js';

const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 4399));
try {
  console.log(`API on ${server.database} at ${server.url}\n`);
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_USER),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  await lighthouseBench(server, token, process.argv.slice(2));
} finally {
  await server.stop();
}
