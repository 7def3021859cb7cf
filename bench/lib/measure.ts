import autocannon, { type Request } from 'autocannon';

export type Sample = { rps: number; p99: number; errors: number; answered: number };
/** A route to load: one URL, or `requests` (autocannon's list, e.g. with a setupRequest that rotates paths) against its origin. */
export type Target = { url: string; headers?: Record<string, string>; requests?: Request[] };

/** Connections of every timed run. */
export const CONNECTIONS = 20;

async function once({ url, headers = {}, requests }: Target, seconds: number): Promise<Sample> {
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, ...(requests ? { requests } : {}) });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts, answered: r['2xx'] };
}

/** Latency percentiles of one run, from every response's own time (autocannon's summary has no p95). */
export type LatencySample = { rps: number; p50: number; p95: number; p99: number; errors: number };

/** Loads one route for `seconds` and answers its rate and the p50/p95/p99 of every response. */
export async function latencyRun({ url, headers = {} }: Target, seconds: number): Promise<LatencySample> {
  const times: number[] = [];
  const run = autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  const r = await run.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  times.sort((x, y) => x - y);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return { rps: r.requests.average, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors: r.errors + r.non2xx + r.timeouts };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Measures two routes of one server side by side: rounds alternate A, B, A, B… so a noisy
 * neighbour hits both alike. `ratio` is the median of the rounds' A/B ratios, each taken from two
 * runs seconds apart: on a shared machine one lucky or unlucky round moves a single figure by a
 * fifth, and a ratio of two best rounds taken minutes apart inherited that (0.43 to 0.57 for the
 * same build). `ratios` lists every round's, so a spread shows. `a` and `b` are the median rounds.
 */
export async function sideBySide(a: Target, b: Target, rounds = 3, seconds = 4) {
  const warmA = await once(a, 1); // warm-up
  const warmB = await once(b, 1);
  const as: Sample[] = [];
  const bs: Sample[] = [];
  for (let i = 0; i < rounds; i++) {
    as.push(await once(a, seconds));
    bs.push(await once(b, seconds));
  }
  const middle = (list: Sample[]) => [...list].sort((x, y) => x.rps - y.rps)[Math.floor(list.length / 2)]!;
  const answered = (list: Sample[]) => list.reduce((n, s) => n + s.answered, 0);
  const ratios = as.map((sample, i) => sample.rps / bs[i]!.rps);
  // `answered`: 2xx responses of every round, warm-up included (e.g. to check a counter afterwards).
  return {
    a: middle(as),
    b: middle(bs),
    ratio: median(ratios),
    ratios,
    errors: [...as, ...bs].reduce((n, s) => n + s.errors, 0),
    answered: { a: answered([warmA, ...as]), b: answered([warmB, ...bs]) },
  };
}

/** "61.2 % (rounds 58.0, 61.2, 64.9)": a median ratio and the rounds it comes from. */
export function describeRatio(r: { ratio: number; ratios: number[] }): string {
  return `${(r.ratio * 100).toFixed(1)} % (median of ${r.ratios.length} paired rounds: ${r.ratios.map((x) => (x * 100).toFixed(1)).join(', ')})`;
}
