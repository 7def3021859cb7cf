import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, subscriptions, webhookEndpoints } from '../../src/db/schema/index.js';
import { loadAppSecret } from '../../src/lib/app-secret.js';
import { secretBox } from '../../src/lib/secret-box.js';
import { createWebhookSecrets } from '../../src/modules/webhooks/secrets.js';
import { bearer, createTestApp, insertUser, login, waitFor, type TestContext } from '../helpers/test-app.js';
import { startReceiver, verifySignature } from './receiver.js';

/** An endpoint's signing secret is kept encrypted under the app secret, as TOTP secrets are; one kept in clear is sealed at start-up. */
let t: TestContext;
let appSecret: string;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  t = await createTestApp();
  appSecret = await loadAppSecret(t.db, undefined);
});
afterAll(async () => {
  await t.close();
  for (const close of closers) await close();
});

let addresses = 0;
async function ownerWithCard() {
  const [business] = await t.db.select().from(plans).where(eq(plans.code, 'business'));
  const row = await insertUser(t.db);
  await t.db.insert(subscriptions).values({ userId: row.id, planId: business!.id, status: 'active', currentPeriodStart: new Date() });
  const headers = bearer(await login(t.app, row));
  const card = await t.app.inject({ method: 'POST', url: '/api/profiles', headers, payload: { kind: 'card', card: { firstName: 'Ana' } } });
  expect(card.statusCode).toBe(201);
  const profileId = card.json<{ data: { id: string } }>().data.id;
  return {
    headers,
    /** A visitor's message: a message.received event for the owner's endpoints. */
    message: async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/link/${row.alias}/${profileId}/messages`,
        payload: { name: 'Vera Visitor', email: 'vera@visitor.example', message: 'hello', consent: true },
        remoteAddress: `203.0.113.${++addresses}`,
      });
      expect(res.statusCode).toBeLessThan(300);
    },
  };
}

const stored = async (id: string) =>
  (await t.db.select({ value: webhookEndpoints.secretEncrypted }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!.value;
const box = () => secretBox(appSecret, 'webhook-secret');

describe('webhook signing secrets at rest', () => {
  it('keeps a new and a rolled secret only encrypted, and still signs deliveries with it', async () => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const owner = await ownerWithCard();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: owner.headers,
      payload: { url: receiver.url, events: ['message.received'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { endpoint, secret } = created.json<{ data: { endpoint: { id: string }; secret: string } }>().data;
    const first = await stored(endpoint.id);
    expect(first).not.toContain(secret.slice('whsec_'.length));
    expect(box().open(first)).toBe(secret);

    const rolled = (await t.app.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/roll-secret`, headers: owner.headers })).json<{
      data: { secret: string };
    }>().data.secret;
    const second = await stored(endpoint.id);
    expect(second).not.toContain(rolled.slice('whsec_'.length));
    expect(box().open(second)).toBe(rolled);

    await owner.message();
    await waitFor(async () => (receiver.received.length >= 1 ? true : undefined), 'the delivery');
    const [delivery] = receiver.received;
    expect(verifySignature(rolled, delivery!.headers['enlaza-signature'] as string, delivery!.body)).toBe(true);
  });

  it('seals a secret an older version kept in clear, once, and signs with the same secret after', async () => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const owner = await ownerWithCard();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: owner.headers,
      payload: { url: receiver.url, events: ['message.received'] },
    });
    const { endpoint } = created.json<{ data: { endpoint: { id: string } } }>().data;
    const inClear = 'whsec_kept-in-clear-by-an-older-version-0123456789';
    await t.db.update(webhookEndpoints).set({ secretEncrypted: inClear }).where(eq(webhookEndpoints.id, endpoint.id));

    const secrets = createWebhookSecrets(t.db, appSecret);
    expect(await secrets.sealStoredInClear()).toBeGreaterThanOrEqual(1);
    const sealed = await stored(endpoint.id);
    expect(sealed).not.toContain('kept-in-clear');
    expect(box().open(sealed)).toBe(inClear);
    // A second start finds nothing left in clear.
    expect(await secrets.sealStoredInClear()).toBe(0);

    await owner.message();
    await waitFor(async () => (receiver.received.length >= 1 ? true : undefined), 'the delivery');
    const [delivery] = receiver.received;
    expect(verifySignature(inClear, delivery!.headers['enlaza-signature'] as string, delivery!.body)).toBe(true);
  });
});
