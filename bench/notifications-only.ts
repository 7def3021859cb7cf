// npm run bench runs everything; this runs only the notification streams benchmark (tsx --conditions=source notifications-only.ts).
import { notificationsBench } from './notifications.js';
import { withBenchServer } from './lib/server.js';

await withBenchServer(Number(process.env.BENCH_PORT ?? 4363), (server, token) => notificationsBench(server, token));
