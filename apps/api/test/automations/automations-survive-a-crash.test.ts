import { eq, sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { automationEnrolments, users } from '../../src/db/schema/index.js';
import { seedIfEmpty } from '../../src/db/seed.js';
import { seedCampaignAudience } from '../helpers/campaigns.js';
import { acceptedAreMarked, callServer, describeCrash, PGLITE_ENV, type CrashScenario } from '../helpers/crash-suites.js';
import { startMailbox } from '../helpers/mailbox.js';
import { startServer } from '../helpers/server-process.js';
import { ADMIN, DEMO, waitFor } from '../helpers/test-app.js';

// Server processes, 300 SMTP sessions and a restart: slow on a busy machine.
vi.setConfig({ testTimeout: 600_000 });

/** What the calls below read of an answer. */
type Answer = { id: string; state: string; token: string };
const PEOPLE = 150;
const STEPS = ['First step', 'Second step'];

/**
 * An active automation of two steps, both "at once", with 150 people due: once 75 of the 300 emails
 * are accepted the SMTP server stops answering and the process is killed (SIGKILL) with batches of the
 * advance and sends in flight. After a restart every person has each step's email exactly once and
 * has finished the sequence.
 */
const killMidSequenceAndRestart: CrashScenario = async (open, env, cleanups) => {
  let holding = false;
  const mail = await startMailbox({ holdWhen: () => holding });
  cleanups.push(() => mail.close());
  const setup = await open();
  await seedIfEmpty(setup.db, { admin: ADMIN, demo: { ...DEMO, plan: 'business' } });
  const [demo] = await setup.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.email));
  const first = await seedCampaignAudience(setup.db, demo!.id, 0, {
    template: { subject: STEPS[0]!, bodyHtml: '<p>One</p>', bodyText: 'One' },
  });
  const second = await seedCampaignAudience(setup.db, demo!.id, 0, {
    template: { subject: STEPS[1]!, bodyHtml: '<p>Two</p>', bodyText: 'Two' },
  });
  await setup.close();

  // On PostgreSQL a send's deadline of 5 s: a row in flight at the kill stays held that long and a second
  // more (recipient-mail.ts). PGlite's restart frees the rows at once: production's deadline (PGLITE_ENV).
  const serverEnv = {
    JOB_TIMEOUT_SECONDS: '4',
    SMTP_SEND_TIMEOUT_SECONDS: '5',
    SCHEDULED_JOBS_EVERY_SECONDS: '1',
    ...env,
    ...mail.env,
    DEMO_PLAN: 'business',
  };
  // The automation built and activated through the API, then the server stopped to add its people.
  const builder = await startServer(serverEnv);
  const token = (await callServer<Answer>(builder.url, null, 'POST', '/api/login', DEMO)).token;
  const automation = await callServer<Answer>(builder.url, token, 'POST', '/api/automations', {
    name: 'Crash series',
    trigger: { kind: 'consented', profileId: null },
  });
  for (const templateId of [first.templateId, second.templateId])
    await callServer<Answer>(builder.url, token, 'POST', `/api/automations/${automation.id}/steps`, {
      templateId,
      delayMinutes: 0,
      condition: 'always',
    });
  await callServer<Answer>(builder.url, token, 'POST', `/api/automations/${automation.id}/activate`);
  expect(await builder.stop('SIGTERM')).toBe(0);
  const people = await open();
  await people.db.insert(automationEnrolments).values(
    Array.from({ length: PEOPLE }, (_, i) => ({
      automationId: automation.id,
      userId: demo!.id,
      email: `p${i}@sequence.example`,
      name: `Person ${i}`,
      nextAt: new Date(Date.now() - 1000),
    })),
  );
  await people.close();

  const running = await startServer(serverEnv);
  await waitFor(async () => (mail.received.length >= PEOPLE / 2 ? true : undefined), 'a quarter of the emails before the crash', 300_000);
  holding = true;
  // Killed with sends in flight and every email the server accepted marked sent.
  const runToken = (await callServer<Answer>(running.url, null, 'POST', '/api/login', DEMO)).token;
  await acceptedAreMarked(mail, async () => {
    const shown = await callServer<{ steps: { figures: { sent: number } }[] }>(
      running.url,
      runToken,
      'GET',
      `/api/automations/${automation.id}`,
    );
    return shown.steps.reduce((sum, step) => sum + step.figures.sent, 0);
  });
  await running.stop('SIGKILL');
  const beforeRestart = mail.received.length;
  expect(beforeRestart).toBeLessThan(PEOPLE * STEPS.length);
  holding = false;

  const restarted = await startServer(serverEnv);
  await waitFor(async () => (mail.received.length >= PEOPLE * STEPS.length ? true : undefined), 'every step to every person', 400_000);
  const token2 = (await callServer<Answer>(restarted.url, null, 'POST', '/api/login', DEMO)).token;
  await waitFor(
    async () => {
      const shown = await callServer<{ people: { finished: number } }>(restarted.url, token2, 'GET', `/api/automations/${automation.id}`);
      return shown.people.finished === PEOPLE ? true : undefined;
    },
    'everyone to finish',
    60_000,
  );
  expect(await restarted.stop('SIGTERM')).toBe(0);

  // Each person: each step's email once.
  const counts = new Map<string, number>();
  for (const m of mail.received) for (const to of m.to) counts.set(`${to} ${m.subject}`, (counts.get(`${to} ${m.subject}`) ?? 0) + 1);
  expect(counts.size).toBe(PEOPLE * STEPS.length);
  expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  const check = await open();
  try {
    const rows = await check.db.execute(
      sql`select c.name, r.state, count(*)::int as n from campaign_recipients r join campaigns c on c.id = r.campaign_id
          where c.automation_id = ${automation.id} group by c.name, r.state order by c.name`,
    );
    expect(rows.rows).toEqual([
      { name: 'Crash series · 1', state: 'sent', n: PEOPLE },
      { name: 'Crash series · 2', state: 'sent', n: PEOPLE },
    ]);
    const counted = await check.db.execute(sql`select count(*)::int as n from deliveries where kind = 'campaign' and status = 'sent'`);
    expect(counted.rows).toEqual([{ n: PEOPLE * STEPS.length }]);
  } finally {
    await check.close();
  }
};

describeCrash(
  'an automation',
  'sends each person each step exactly once when the process is killed mid-sequence and restarted',
  killMidSequenceAndRestart,
  PGLITE_ENV,
);
