import autocannon from 'autocannon';

export type Sample = { rps: number; p99: number; errors: number };

async function once(url: string, headers: Record<string, string>, seconds: number): Promise<Sample> {
  const r = await autocannon({ url, headers, connections: 20, duration: seconds });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
}

/**
 * Measures two routes of one server side by side: rounds alternate A, B, A, B… so a noisy
 * neighbour hits both alike, and the best round of each is kept.
 */
export async function sideBySide(a: { url: string; headers?: Record<string, string> }, b: { url: string; headers?: Record<string, string> }, rounds = 3, seconds = 4) {
  await once(a.url, a.headers ?? {}, 1); // warm-up
  await once(b.url, b.headers ?? {}, 1);
  const as: Sample[] = [];
  const bs: Sample[] = [];
  for (let i = 0; i < rounds; i++) {
    as.push(await once(a.url, a.headers ?? {}, seconds));
    bs.push(await once(b.url, b.headers ?? {}, seconds));
  }
  const best = (list: Sample[]) => list.reduce((x, y) => (y.rps > x.rps ? y : x));
  return { a: best(as), b: best(bs), errors: [...as, ...bs].reduce((n, s) => n + s.errors, 0) };
}
