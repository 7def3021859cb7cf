// npm run bench: measured side by side in one run, on this machine, now. Not part of npm test.
import { describeRatio, sideBySide } from './lib/measure.js';
import { pageWeight } from './lib/page-weight.js';
import { lighthouseBench } from './lighthouse.js';
import { mailboxBench } from './mailbox.js';
import { notificationsBench } from './notifications.js';
import { plansBench } from './plans.js';
import { publicProfileBench } from './public-profile.js';
import { benchToken, startBenchServer } from './lib/server.js';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'meets the target' : 'MISSES the target');

const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 4399));
try {
  console.log(`API on ${server.database} at ${server.url}\n`);
  const token = await benchToken(server);

  console.log('GET /api/user (valid token) vs GET /api/health (constant route), alternating rounds…');
  const r = await sideBySide(
    { url: `${server.url}/api/user`, headers: { authorization: `Bearer ${token}` } },
    { url: `${server.url}/api/health` },
  );
  const ratio = r.ratio;
  console.log(`  /api/user    ${r.a.rps.toFixed(0).padStart(7)} req/s   p99 ${r.a.p99} ms`);
  console.log(`  /api/health  ${r.b.rps.toFixed(0).padStart(7)} req/s   p99 ${r.b.p99} ms`);
  console.log(
    `  ratio user/constant: ${describeRatio(r)}  (target ≥ 50 %: ${verdict(ratio >= 0.5)})${r.errors ? `  — ${r.errors} errors!` : ''}\n`,
  );

  await publicProfileBench(server);
  await mailboxBench(server, token);
  await notificationsBench(server, token);
  await plansBench(server, token);
  await lighthouseBench(server, token);

  const weight = await pageWeight(`${server.url}/`);
  console.log('Login page (/), gzip size of what the browser loaded:');
  for (const f of weight.files) console.log(`  ${kb(f.gzip).padStart(9)}  ${new URL(f.url).pathname}`);
  console.log(`  JavaScript ${kb(weight.js)} (target ≤ 120 KB: ${verdict(weight.js <= 120 * 1024)})`);
  console.log(`  CSS        ${kb(weight.css)} (target ≤ 40 KB: ${verdict(weight.css <= 40 * 1024)})`);
  console.log(`  Fonts      ${kb(weight.fonts)} (woff2, as sent)`);
} finally {
  await server.stop();
}
