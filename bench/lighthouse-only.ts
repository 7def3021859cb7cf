// npm run bench runs everything; this runs only Lighthouse (tsx --conditions=source lighthouse-only.ts [path…]):
// the login, registration and public pages, then any paths given (e.g. `/register?spa`, the SPA's registration).
import { lighthouseBench } from './lighthouse.js';
import { withBenchServer } from './lib/server.js';

await withBenchServer(Number(process.env.BENCH_PORT ?? 4399), (server, token) => lighthouseBench(server, token, process.argv.slice(2)));
