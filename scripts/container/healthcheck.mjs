// The container image's HEALTHCHECK: the process the container runs (PID 1, or its init's child)
// decides what is checked. The API: /api/ready on its own port (it answers once it serves and its
// database answers). The worker (apps/api/dist/worker.js), which serves no HTTP: its metrics port
// when METRICS_PORT is set, otherwise healthy while it runs. Exit code 0: healthy, 1: not.
import { readFileSync } from 'node:fs';

let command = '';
try {
  command = readFileSync('/proc/1/cmdline', 'utf8');
} catch {
  // Not Linux, or no /proc: taken for the API.
}
const worker = command.includes('worker.js');
/** Where this process's own listener is reached from inside the container: a wildcard address is loopback. */
const local = (/** @type {string | undefined} */ address) => {
  const host = !address || address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address;
  return host.includes(':') ? `[${host}]` : host;
};
const url = worker
  ? process.env.METRICS_PORT && `http://${local(process.env.METRICS_HOST)}:${process.env.METRICS_PORT}/metrics`
  : `http://${local(process.env.HOST)}:${process.env.PORT || 3000}/api/ready`;
if (!url) process.exit(0);
fetch(url, { signal: AbortSignal.timeout(4000) }).then(
  (res) => process.exit(res.ok ? 0 : 1),
  () => process.exit(1),
);
