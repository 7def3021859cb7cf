// Lighthouse (mobile form factor, simulated throttling) on the login page, the registration page and a
// seeded public page: the four category scores and LCP, CLS and TBT, against the targets.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { RunningServer } from './lib/server.js';

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

type Page = { name: string; path: string; performanceTarget: number };

/** The bench user's main card (their plan may allow only one), filled in as a real one is. */
async function seedPublicPage(baseUrl: string, token: string): Promise<string> {
  const me = (await (await fetch(`${baseUrl}/api/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    perfil_id?: string;
  };
  if (!me.perfil_id) throw new Error('the bench user has no main profile');
  const response = await fetch(`${baseUrl}/api/profiles/${me.perfil_id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      kind: 'card',
      card: {
        firstName: 'Lucía',
        lastName: 'Lighthouse',
        jobTitle: 'Architect',
        company: 'Enlaza',
        bio: 'Designs accessible buildings in Madrid and Valencia.',
        phones: [{ label: 'Mobile', number: '+34600111222' }],
        emails: [{ label: 'Work', email: 'lucia@example.com' }],
        website: 'https://example.com',
        socialLinks: [{ network: 'linkedin', url: 'https://www.linkedin.com/in/lucia' }],
        customLinks: [{ label: 'Portfolio', url: 'https://example.com/portfolio' }],
      },
    }),
  });
  const body = (await response.json()) as { data?: { publicPath: string } };
  if (response.status !== 200 || !body.data)
    throw new Error(`could not create the public page: ${response.status} ${JSON.stringify(body)}`);
  return body.data.publicPath;
}

/** One Lighthouse run; a run whose trace failed (e.g. NO_NAVSTART on a busy machine) is tried again, up to three times. */
async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      { extends: 'lighthouse:default', settings: { formFactor: 'mobile', throttlingMethod: 'simulate' } },
    );
    if (!result?.lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!result.lhr.runtimeError || attempt === 3) return result.lhr;
  }
}

const score = (value: number | null | undefined) =>
  value === null || value === undefined ? '  –' : String(Math.round(value * 100)).padStart(3);
const verdict = (ok: boolean) => (ok ? 'meets the target' : 'MISSES the target');

/** `extra`: more paths to audit after the three pages (e.g. `/register?spa` — any query is the SPA's), target 90. */
export async function lighthouseBench(server: RunningServer, token: string, extra: string[] = []): Promise<void> {
  const publicPath = await seedPublicPage(server.url, token);
  const pages: Page[] = [
    { name: 'Login (/)', path: '/', performanceTarget: 90 },
    { name: 'Registration (/register)', path: '/register', performanceTarget: 90 },
    { name: 'Public page', path: publicPath, performanceTarget: 95 },
    ...extra.map((path) => ({ name: 'Also', path, performanceTarget: 90 })),
  ];
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  console.log('Lighthouse (mobile, simulated throttling; this machine is shared, so performance varies between runs):');
  try {
    for (const page of pages) {
      const lhr = await audit(`${server.url}${page.path}`, chrome.port);
      if (lhr.runtimeError) console.log(`  ${page.name}: runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      const cat = (id: (typeof CATEGORIES)[number]) => lhr.categories[id]?.score;
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const performance = Math.round((cat('performance') ?? 0) * 100);
      const accessibility = Math.round((cat('accessibility') ?? 0) * 100);
      console.log(`  ${page.name}  ${page.path}`);
      console.log(
        `    performance ${score(cat('performance'))}  accessibility ${score(cat('accessibility'))}  best practices ${score(cat('best-practices'))}  SEO ${score(cat('seo'))}`,
      );
      console.log(
        `    LCP ${(metric('largest-contentful-paint') / 1000).toFixed(2)} s  CLS ${metric('cumulative-layout-shift').toFixed(3)}  TBT ${metric('total-blocking-time').toFixed(0)} ms`,
      );
      console.log(
        `    performance target ≥ ${page.performanceTarget}: ${verdict(performance >= page.performanceTarget)}; accessibility target 100: ${verdict(accessibility === 100)}`,
      );
      // What keeps accessibility under 100, so the number can be acted on.
      const failing = lhr.categories.accessibility?.auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
      for (const a of failing ?? []) console.log(`      accessibility audit failing: ${a!.id} — ${a!.title}`);
    }
  } finally {
    chrome.kill();
  }
  console.log();
}
