import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { users } from '../../src/db/schema/index.js';
import { seedIfEmpty } from '../../src/db/seed.js';
import { recipientStates, seedCampaignAudience } from '../helpers/campaigns.js';
import { createScratchDatabase, testDatabaseUrl, pgliteDataDir } from '../helpers/database.js';
import { startMailbox } from '../helpers/mailbox.js';
import { startServer } from '../helpers/server-process.js';
import { ADMIN, DEMO, waitFor } from '../helpers/test-app.js';

// Two server processes, 2,000 SMTP sessions and a restart: slow on a busy machine.
vi.setConfig({ testTimeout: 600_000 });

const TOTAL = 2000;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function api(base: string, token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: { id: string; state: string; token: string } };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * A campaign to 2,000 consenting senders; once 1,000 emails are accepted the SMTP server stops
 * answering, and the process is killed (SIGKILL) with sends in flight. After a restart every recipient
 * has exactly one email, the campaign ends `sent`, and the figures add up.
 */
async function killMidCampaignAndRestart(open: () => Promise<DatabaseHandle>, env: Record<string, string>) {
  let holding = false;
  const mail = await startMailbox({ holdWhen: () => holding });
  cleanups.push(() => mail.close());
  const setup = await open();
  await seedIfEmpty(setup.db, { admin: ADMIN, demo: { ...DEMO, plan: 'business' } });
  const [demo] = await setup.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.email));
  const { profileId, templateId } = await seedCampaignAudience(setup.db, demo!.id, TOTAL, { domain: 'crash.example' });
  await setup.close();

  const serverEnv = { JOB_TIMEOUT_SECONDS: '4', ...env, ...mail.env, DEMO_PLAN: 'business' };
  const first = await startServer(serverEnv);
  const token = (await api(first.url, null, 'POST', '/api/login', DEMO)).token;
  const campaign = await api(first.url, token, 'POST', '/api/campaigns', {
    name: 'Crash',
    templateId,
    audience: { profileIds: [profileId] },
  });
  await api(first.url, token, 'POST', `/api/campaigns/${campaign.id}/start`, {});
  await waitFor(async () => (mail.received.length >= TOTAL / 2 ? true : undefined), 'half of the emails before the crash', 300_000);
  holding = true;
  await waitFor(async () => (mail.held() >= 1 ? true : undefined), 'sends in flight', 60_000);
  await first.stop('SIGKILL');
  const beforeRestart = mail.received.length;
  expect(beforeRestart).toBeLessThan(TOTAL);
  holding = false;

  const second = await startServer(serverEnv);
  await waitFor(async () => (new Set(mail.received.flatMap((m) => m.to)).size === TOTAL ? true : undefined), 'every recipient', 400_000);
  const token2 = (await api(second.url, null, 'POST', '/api/login', DEMO)).token;
  await waitFor(
    async () => ((await api(second.url, token2, 'GET', `/api/campaigns/${campaign.id}`)).state === 'sent' ? true : undefined),
    'the campaign to end sent',
    60_000,
  );
  // The owner's notification follows `campaign.finished`, after the commit that ended it.
  await waitFor(
    async () => {
      const notes = (await api(second.url, token2, 'GET', '/api/notifications')) as unknown as { type: string }[];
      return notes.some((n) => n.type === 'campaign_finished') ? true : undefined;
    },
    'the campaign finished notification',
    60_000,
  );
  expect(await second.stop('SIGTERM')).toBe(0);

  const counts = new Map<string, number>();
  for (const m of mail.received) for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  expect(counts.size).toBe(TOTAL);
  expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  const check = await open();
  try {
    expect(await recipientStates(check.db, campaign.id)).toEqual({ sent: TOTAL });
    const delivered = await check.db.execute(
      sql`select status, count(*)::int as n from deliveries where kind = 'campaign' group by status`,
    );
    expect(delivered.rows).toEqual([{ status: 'sent', n: TOTAL }]);
    const notes = await check.db.execute(sql`select count(*)::int as n from notifications where type = 'campaign_finished'`);
    expect(notes.rows).toEqual([{ n: 1 }]);
  } finally {
    await check.close();
  }
  // One Message-ID per recipient.
  const ids = mail.received.map((m) => /^Message-ID:\s*(\S+)/im.exec(m.raw)?.[1]);
  expect(new Set(ids).size).toBe(TOTAL);
}

describe.skipIf(testDatabaseUrl)('a campaign on PGlite', () => {
  it('sends every recipient exactly one email when the sending process is killed half-way and restarted', async () => {
    const dataDir = pgliteDataDir('enlaza-campaign-crash-');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // Leases of two minutes: rows go out on their claim's lease, with no hold per message (the
    // PostgreSQL case below, with 4 s leases, re-holds every row before its send). On PGlite a restart
    // frees the dead process's leases and jobs at once, so the long lease does not slow the restart.
    await killMidCampaignAndRestart(() => openDatabase({ kind: 'pglite', dataDir }), {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JOB_TIMEOUT_SECONDS: '120',
    });
  });
});

describe.skipIf(!testDatabaseUrl)('a campaign on PostgreSQL', () => {
  it('sends every recipient exactly one email when the sending process is killed half-way and restarted', async () => {
    const scratch = await createScratchDatabase(testDatabaseUrl!);
    cleanups.push(() => scratch.drop());
    const dataDir = mkdtempSync(join(tmpdir(), 'enlaza-campaign-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await killMidCampaignAndRestart(() => openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 }), {
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
    });
  });
});
