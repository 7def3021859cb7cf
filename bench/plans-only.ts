// npm run bench runs everything; this runs only the /user/plans benchmark (tsx --conditions=source plans-only.ts).
import { plansBench } from './plans.js';
import { withBenchServer } from './lib/server.js';

await withBenchServer(Number(process.env.BENCH_PORT ?? 4362), (server, token) => plansBench(server, token));
