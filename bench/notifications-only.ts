// npm run bench runs everything; this runs only the notification streams benchmark (tsx --conditions=source notifications-only.ts).
import { notificationsBench } from './notifications.js';
import { BENCH_USER, startBenchServer } from './lib/server.js';

const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 4363));
try {
  console.log(`API on ${server.database} at ${server.url}\n`);
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_USER),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  await notificationsBench(server, token);
} finally {
  await server.stop();
}
