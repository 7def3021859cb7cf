import { eq, sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { seedIfEmpty } from '../../src/db/seed.js';
import { recipientStates, seedCampaignAudience } from '../helpers/campaigns.js';
import { acceptedAreMarked, callServer, describeCrash, PGLITE_ENV, type CrashScenario } from '../helpers/crash-suites.js';
import { startMailbox } from '../helpers/mailbox.js';
import { startServer } from '../helpers/server-process.js';
import { ADMIN, DEMO, waitFor } from '../helpers/test-app.js';

// Two server processes, 2,000 SMTP sessions and a restart: slow on a busy machine.
vi.setConfig({ testTimeout: 600_000 });

/** What the calls below read of an answer. */
type Answer = { id: string; state: string; token: string };
const TOTAL = 2000;

/**
 * A campaign to 2,000 consenting senders; once 1,000 emails are accepted the SMTP server stops
 * answering, and the process is killed (SIGKILL) with sends in flight. After a restart every recipient
 * has exactly one email, the campaign ends `sent`, and the figures add up.
 */
const killMidCampaignAndRestart: CrashScenario = async (open, env, cleanups) => {
  let holding = false;
  const mail = await startMailbox({ holdWhen: () => holding });
  cleanups.push(() => mail.close());
  const setup = await open();
  await seedIfEmpty(setup.db, { admin: ADMIN, demo: { ...DEMO, plan: 'business' } });
  const [demo] = await setup.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.email));
  const { profileId, templateId } = await seedCampaignAudience(setup.db, demo!.id, TOTAL, { domain: 'crash.example' });
  await setup.close();

  // On PostgreSQL a send's deadline of 5 s: a row in flight at the kill stays held that long and a second
  // more (recipient-mail.ts), then the restarted server sends it (with the default 60 s the test waited a
  // minute). PGlite's restart frees the rows at once, so there it keeps production's deadline (PGLITE_ENV).
  const serverEnv = { JOB_TIMEOUT_SECONDS: '4', SMTP_SEND_TIMEOUT_SECONDS: '5', ...env, ...mail.env, DEMO_PLAN: 'business' };
  const first = await startServer(serverEnv);
  const token = (await callServer<Answer>(first.url, null, 'POST', '/api/login', DEMO)).token;
  const campaign = await callServer<Answer>(first.url, token, 'POST', '/api/campaigns', {
    name: 'Crash',
    templateId,
    audience: { profileIds: [profileId] },
  });
  await callServer<Answer>(first.url, token, 'POST', `/api/campaigns/${campaign.id}/start`, {});
  await waitFor(async () => (mail.received.length >= TOTAL / 2 ? true : undefined), 'half of the emails before the crash', 300_000);
  holding = true;
  // Killed with sends in flight and every email the server accepted marked sent.
  await acceptedAreMarked(
    mail,
    async () => (await callServer<{ figures: { sent: number } }>(first.url, token, 'GET', `/api/campaigns/${campaign.id}`)).figures.sent,
  );
  await first.stop('SIGKILL');
  const beforeRestart = mail.received.length;
  expect(beforeRestart).toBeLessThan(TOTAL);
  holding = false;

  const second = await startServer(serverEnv);
  await waitFor(async () => (new Set(mail.received.flatMap((m) => m.to)).size === TOTAL ? true : undefined), 'every recipient', 400_000);
  const token2 = (await callServer<Answer>(second.url, null, 'POST', '/api/login', DEMO)).token;
  await waitFor(
    async () =>
      (await callServer<Answer>(second.url, token2, 'GET', `/api/campaigns/${campaign.id}`)).state === 'sent' ? true : undefined,
    'the campaign to end sent',
    60_000,
  );
  // The owner's notification follows `campaign.finished`, after the commit that ended it.
  await waitFor(
    async () => {
      const notes = (await callServer<Answer>(second.url, token2, 'GET', '/api/notifications')) as unknown as { type: string }[];
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
};

describeCrash(
  'a campaign',
  'sends every recipient exactly one email when the sending process is killed half-way and restarted',
  killMidCampaignAndRestart,
  PGLITE_ENV,
);
