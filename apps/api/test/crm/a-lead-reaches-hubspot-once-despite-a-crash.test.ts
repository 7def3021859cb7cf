import { expect, vi } from 'vitest';
import { seedIfEmpty } from '../../src/db/seed.js';
import { callServer, describeCrash, type CrashScenario } from '../helpers/crash-suites.js';
import { startHubspotStandIn } from '../helpers/hubspot-stand-in.js';
import { startSalesforceStandIn } from '../helpers/salesforce-stand-in.js';
import { startServer } from '../helpers/server-process.js';
import { ADMIN, DEMO, waitFor } from '../helpers/test-app.js';
import { crmEnv } from './crm-test-kit.js';

vi.setConfig({ testTimeout: 120_000 });

const NOTES = 'POST /crm/v3/objects/notes';

/**
 * A lead on a card goes to HubSpot; HubSpot stores its note, and the server is killed (SIGKILL)
 * before the answer reaches it, so nothing recorded the note. After the restart the job runs again
 * (its expiry): the contact is upserted by email (the same one), the note is found by the lead's
 * marker instead of made again. HubSpot ends with one contact and one note, the log with a success.
 */
const killAfterHubspotStoredTheNote: CrashScenario = async (open, env, cleanups) => {
  const hubspot = await startHubspotStandIn();
  const salesforce = await startSalesforceStandIn();
  cleanups.push(
    () => hubspot.close(),
    () => salesforce.close(),
  );
  const setup = await open();
  await seedIfEmpty(setup.db, { admin: ADMIN, demo: { ...DEMO, plan: 'business' } });
  await setup.close();

  const serverEnv = { JOB_TIMEOUT_SECONDS: '3', DEMO_PLAN: 'business', ...crmEnv(hubspot, salesforce), ...env };
  const first = await startServer(serverEnv);
  cleanups.push(() => first.stop('SIGKILL').then(() => undefined));
  const token = (await callServer<{ token: string }>(first.url, null, 'POST', '/api/login', DEMO)).token;
  await callServer(first.url, token, 'POST', '/api/user/reauthenticate', { password: DEMO.password });
  const me = (await (await fetch(`${first.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as { alias: string };
  const card = await callServer<{ id: string }>(first.url, token, 'POST', '/api/profiles', {
    kind: 'card',
    card: { firstName: 'Crash', lastName: 'Test' },
  });
  const { authorizeUrl } = await callServer<{ authorizeUrl: string }>(first.url, token, 'POST', '/api/crm/connect', {
    provider: 'hubspot',
  });
  const back = new URL((await fetch(authorizeUrl, { redirect: 'manual' })).headers.get('location')!);
  const connection = await callServer<{ id: string }>(first.url, token, 'POST', '/api/crm/callback', {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });

  const noteStored = hubspot.holdNext(NOTES);
  await callServer(first.url, null, 'POST', `/api/public/link/${me.alias}/${card.id}/messages`, {
    name: 'Kim Crash',
    email: 'kim@visitor.example',
    message: 'Interested in a demo',
    consent: true,
  });
  await noteStored;
  expect(hubspot.notes).toHaveLength(1);
  await first.stop('SIGKILL');

  const second = await startServer(serverEnv);
  cleanups.push(() => second.stop('SIGKILL').then(() => undefined));
  const token2 = (await callServer<{ token: string }>(second.url, null, 'POST', '/api/login', DEMO)).token;
  try {
    const [sync] = await waitFor(
      async () => {
        const list = await callServer<{ status: string; recordUrl: string | null }[]>(
          second.url,
          token2,
          'GET',
          `/api/crm/connections/${connection.id}/syncs`,
        );
        return list[0]?.status === 'succeeded' ? list : undefined;
      },
      'the lead to be recorded as sent',
      60_000,
    );
    expect(sync!.recordUrl).toContain(`/record/0-1/${hubspot.contacts.get('kim@visitor.example')!.id}`);
  } finally {
    expect(await second.stop('SIGTERM')).toBe(0);
  }
  expect(hubspot.contacts.size).toBe(1);
  expect(hubspot.notes).toHaveLength(1);
  // The re-run looked before it wrote: two searches, one note created.
  expect(hubspot.count('POST /crm/v3/objects/notes/search')).toBe(2);
  expect(hubspot.count(NOTES)).toBe(1);
  expect(hubspot.violations).toEqual([]);
};

describeCrash(
  'a lead into HubSpot',
  'is stored once when the process is killed after HubSpot stored it and restarted',
  killAfterHubspotStoredTheNote,
);
