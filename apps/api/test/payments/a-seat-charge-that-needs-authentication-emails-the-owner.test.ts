import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentDetailSchema } from '@enlaza/contracts';
import { payments, subscriptions } from '../../src/db/schema/index.js';
import { buyPerSeat, join } from '../helpers/seats-fixture.js';
import { saveTestMethodAs, TEST_METHODS } from '../helpers/sandbox-methods.js';
import { callAs, useTestClockApp } from '../helpers/subscriber.js';
import { queueIdle, settledDeliveries } from '../helpers/test-app.js';

// A seat charge is off session: when the bank wants the customer to authenticate it, the owner is
// emailed the payment's page (as for a renewal that needs it), and it is not a declined charge (no
// dunning, the plan stays active); once they authenticate, the seats rise.
const app = useTestClockApp();

describe('a seat charge that needs authentication', { timeout: 180_000 }, () => {
  it('emails the owner the payment’s page once, keeps the plan active, and adds the seats once authenticated', async () => {
    const s = await buyPerSeat(app.t, app.admin, 2, { priceCents: 1000, minSeats: 2 });
    expect((await saveTestMethodAs(app.t, s.token, TEST_METHODS.authenticateAlways, { holder: 'Ada', makeDefault: true })).status).toBe(
      200,
    );
    await join(app.t, s.teamId, s.user.id, 1, { silent: true });
    const at = new Date((await callAs(app.t, app.admin, 'GET', '/api/admin/test-clock')).body.data.now);
    expect(await app.t.app.payments.addSeats(s.user.id, at)).toBe('none');
    // Looked at again (another member change): the same payment, no second email.
    expect(await app.t.app.payments.addSeats(s.user.id, at)).toBe('none');
    await queueIdle(app.t.app, 'event.');

    const [sub] = await app.t.db.select().from(subscriptions).where(eq(subscriptions.userId, s.user.id));
    expect(sub).toMatchObject({ status: 'active', seats: 2 });
    const waiting = await app.t.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, s.user.id), eq(payments.purpose, 'seats')));
    expect(waiting.map((p) => p.status)).toEqual(['requires_action']);
    const paymentId = waiting[0]!.id;

    const mails = (await settledDeliveries(app.t.db, s.user.email)).filter((d) => d.bodyText?.includes(`/user/pagos/${paymentId}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/seats|puestos|シート/);

    // The customer authenticates on the payment's page: the seats rise, once.
    const detail = paymentDetailSchema.parse((await callAs(app.t, s.token, 'GET', `/api/user/payments/${paymentId}`)).body.data);
    const secret = detail.nextAction!.clientSecret;
    const passed = await callAs(app.t, s.token, 'POST', `/api/payments/sandbox/payments/${secret}/authenticate`, { result: 'pass' });
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    const confirmed = await callAs(app.t, s.token, 'POST', `/api/user/payments/${paymentId}/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(paymentDetailSchema.parse(confirmed.body.data).payment.status).toBe('succeeded');
    const [after] = await app.t.db.select().from(subscriptions).where(eq(subscriptions.userId, s.user.id));
    expect(after).toMatchObject({ status: 'active', seats: 3 });
  });
});
