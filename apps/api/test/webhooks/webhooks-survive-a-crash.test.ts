import { expect, vi } from 'vitest';
import { seedIfEmpty } from '../../src/db/seed.js';
import { callServer, describeCrash, type CrashScenario } from '../helpers/crash-suites.js';
import { startServer } from '../helpers/server-process.js';
import { ADMIN, DEMO, waitFor } from '../helpers/test-app.js';
import { startReceiver } from './receiver.js';

vi.setConfig({ testTimeout: 120_000 });

const TOTAL = 30;

/**
 * 30 messages to a card whose endpoint stops answering after 10 deliveries; the server is killed
 * (SIGKILL) with attempts in flight, then restarted. The receiver, deduping by event id, sees every
 * message's event, and every delivery ends succeeded.
 */
const killMidDeliveryAndRestart: CrashScenario = async (open, env, cleanups) => {
  let holding = false;
  const receiver = await startReceiver([], { hold: () => holding });
  cleanups.push(() => receiver.close());
  const setup = await open();
  await seedIfEmpty(setup.db, { admin: ADMIN, demo: { ...DEMO, plan: 'business' } });
  await setup.close();

  const serverEnv = {
    JOB_TIMEOUT_SECONDS: '4',
    WEBHOOK_RETRY_BASE_SECONDS: '0.2',
    CONTACT_LIMIT_PER_ADDRESS: '1000',
    DEMO_PLAN: 'business',
    ...env,
  };
  const first = await startServer(serverEnv);
  cleanups.push(() => first.stop('SIGKILL').then(() => undefined));
  const token = (await callServer<{ token: string }>(first.url, null, 'POST', '/api/login', DEMO)).token;
  // Adding an endpoint is a sensitive change: the session proves its owner first.
  await callServer(first.url, token, 'POST', '/api/user/reauthenticate', { password: DEMO.password });
  // `GET /api/user` answers the user itself (no `data` envelope).
  const me = (await (await fetch(`${first.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as { alias: string };
  const card = await callServer<{ id: string }>(first.url, token, 'POST', '/api/profiles', {
    kind: 'card',
    card: { firstName: 'Crash', lastName: 'Test' },
  });
  const { endpoint } = await callServer<{ endpoint: { id: string } }>(first.url, token, 'POST', '/api/webhooks', {
    url: receiver.url,
    events: ['message.received'],
  });
  for (let i = 0; i < TOTAL; i += 1) {
    if (i === 10) holding = true;
    await callServer(first.url, null, 'POST', `/api/public/link/${me.alias}/${card.id}/messages`, {
      name: 'Vera',
      email: `vera${i}@visitor.example`,
      message: `message ${i}`,
    });
  }
  await waitFor(async () => (receiver.held() >= 1 ? true : undefined), 'deliveries in flight', 30_000);
  await first.stop('SIGKILL');
  holding = false;

  const second = await startServer(serverEnv);
  cleanups.push(() => second.stop('SIGKILL').then(() => undefined));
  const seen = () => new Set(receiver.received.map((r) => r.headers['enlaza-event-id']));
  await waitFor(async () => (seen().size === TOTAL ? true : undefined), 'every event', 90_000);
  // Every delivery ends succeeded (read through the API: a PGlite directory has one process at a time).
  const token2 = (await callServer<{ token: string }>(second.url, null, 'POST', '/api/login', DEMO)).token;
  try {
    await waitFor(
      async () => {
        const list = await callServer<{ status: string }[]>(second.url, token2, 'GET', `/api/webhooks/${endpoint.id}/deliveries`);
        return list.length === TOTAL && list.every((d) => d.status === 'succeeded') ? true : undefined;
      },
      'every delivery to succeed',
      30_000,
    );
  } finally {
    expect(await second.stop('SIGTERM')).toBe(0);
  }
  const excerpts = new Set(receiver.received.map((r) => (JSON.parse(r.body) as { data: { excerpt: string } }).data.excerpt));
  expect(excerpts.size).toBe(TOTAL);
};

describeCrash('webhooks', 'loses no event when the process is killed mid-delivery and restarted', killMidDeliveryAndRestart);
