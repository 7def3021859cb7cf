import autocannon, { type Request } from 'autocannon';

export type Sample = { rps: number; p99: number; errors: number; answered: number };
/** A route to load: one URL, or `requests` (autocannon's list, e.g. with a setupRequest that rotates paths) against its origin. */
export type Target = { url: string; headers?: Record<string, string>; requests?: Request[] };

async function once({ url, headers = {}, requests }: Target, seconds: number): Promise<Sample> {
  const r = await autocannon({ url, headers, connections: 20, duration: seconds, ...(requests ? { requests } : {}) });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts, answered: r['2xx'] };
}

/**
 * Measures two routes of one server side by side: rounds alternate A, B, A, B… so a noisy
 * neighbour hits both alike, and the best round of each is kept.
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
  const best = (list: Sample[]) => list.reduce((x, y) => (y.rps > x.rps ? y : x));
  const answered = (list: Sample[]) => list.reduce((n, s) => n + s.answered, 0);
  // `answered`: 2xx responses of every round, warm-up included (e.g. to check a counter afterwards).
  return {
    a: best(as),
    b: best(bs),
    errors: [...as, ...bs].reduce((n, s) => n + s.errors, 0),
    answered: { a: answered([warmA, ...as]), b: answered([warmB, ...bs]) },
  };
}
