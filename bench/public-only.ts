// npm run bench runs everything; this runs only the public profile benchmark (tsx --conditions=source public-only.ts).
import { publicProfileBench } from './public-profile.js';
import { startBenchServer } from './lib/server.js';

const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 4399));
try {
  console.log(`API on ${server.database} at ${server.url}\n`);
  await publicProfileBench(server);
} finally {
  await server.stop();
}
