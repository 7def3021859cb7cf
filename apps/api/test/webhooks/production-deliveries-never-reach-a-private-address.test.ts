import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../src/db/schema/index.js';
import { bearer, createTestApp, insertUser, login, waitFor, type TestContext } from '../helpers/test-app.js';
import { startReceiver } from './receiver.js';

let prod: TestContext;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  prod = await createTestApp({ NODE_ENV: 'production' });
});
afterAll(async () => {
  await prod?.close();
  await receiver?.close();
});

describe('a production delivery whose endpoint’s name now resolves to this machine', () => {
  it('is refused where it connects, logged as such, and never reaches the local server', async () => {
    const owner = await insertUser(prod.db);
    const headers = bearer(await login(prod.app, owner));
    const card = await prod.app.inject({
      method: 'POST',
      url: '/api/profiles',
      headers,
      payload: { kind: 'card', card: { firstName: 'Ana', lastName: 'Card' } },
    });
    expect(card.statusCode, card.body).toBe(201);
    // Saved when the name was public (the save-time check passed); `localhost` now answers 127.0.0.1, as a
    // record changed later or a rebinding name would. Only the delivery's own connection can refuse it.
    const { port } = new URL(receiver.url);
    const [endpoint] = await prod.db
      .insert(webhookEndpoints)
      .values({ userId: owner.id, url: `http://localhost:${port}/hook`, events: ['message.received'], secretEncrypted: 'whsec_test' })
      .returning();

    const message = await prod.app.inject({
      method: 'POST',
      url: `/api/public/link/${owner.alias}/${card.json().data.id}/messages`,
      payload: { name: 'Vera Visitor', email: 'vera@visitor.example', message: 'Hello', consent: true },
      remoteAddress: '203.0.113.7',
    });
    expect(message.statusCode, message.body).toBeLessThan(300);

    const attempt = await waitFor(async () => {
      const [row] = await prod.db
        .select({ status: webhookAttempts.status, error: webhookAttempts.error })
        .from(webhookAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
        .where(eq(webhookDeliveries.endpointId, endpoint!.id));
      return row;
    }, 'the first delivery attempt');
    expect(attempt).toEqual({ status: null, error: expect.stringContaining('EPRIVATEADDRESS') });
    expect(receiver.received).toEqual([]);
  });
});
