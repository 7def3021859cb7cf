import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClockAdvanceResultSchema, testClockSchema, type PlansCatalogue } from '@enlaza/contracts';
import { invoices, payments, plans, subscriptions, users } from '../../src/db/schema/index.js';
import { startMailbox, type Mailbox, type ReceivedEmail } from '../helpers/mailbox.js';
import { pdfText } from '../helpers/pdf-text.js';
import { ADMIN, bearer, createTestApp, insertUser, login, queueIdle, type TestContext } from '../helpers/test-app.js';
import { saveTestMethodAs, TEST_METHODS, type TestMethodId } from '../helpers/sandbox-methods.js';

// Receipts, renewal reminders, failed renewals and ended plans reach the customer by real SMTP, in
// their language, once each, whatever they chose for notification emails in Options.
let t: TestContext;
let mail: Mailbox;
let admin: string;
const publicUrl = 'https://enlaza.example';
/** The seller's calendar, which dates the emails as it dates the invoices. */
const TIME_ZONE = 'Europe/Madrid';
beforeAll(async () => {
  mail = await startMailbox();
  t = await createTestApp({ TEST_CLOCK_ENABLED: 'true', PUBLIC_URL: publicUrl, SELLER_TIME_ZONE: TIME_ZONE, ...mail.env });
  admin = await login(t.app, ADMIN);
}, 240_000);
afterAll(async () => {
  await t.close();
  await mail.close();
});

const DAY = 86_400_000;
const CARDS = { ok: TEST_METHODS.ok, chargeFails: TEST_METHODS.chargeDeclined };

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<{ data?: any; code?: string }>() };
}

async function addCard(token: string, number: TestMethodId, makeDefault = false) {
  const res = await saveTestMethodAs(t, token, number, { holder: 'Ada', makeDefault });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string };
}

/** A Free customer who turned every notification email off in Options, in `locale`. */
async function customer(locale: 'en' | 'es' = 'en') {
  const user = await insertUser(t.db, { locale, notificationEmails: [] });
  const [free] = await t.db.select().from(plans).where(eq(plans.code, 'free'));
  await t.db.insert(subscriptions).values({ userId: user.id, planId: free!.id, status: 'active', currentPeriodStart: new Date() });
  return { user, token: await login(t.app, user) };
}

/** Buys Pro monthly with `card`; answers the checkout's status. */
async function buyPro(token: string, card: TestMethodId) {
  const method = await addCard(token, card);
  const catalogue = (await call(token, 'GET', '/api/user/plans')).body.data as PlansCatalogue;
  const offer = catalogue.plans.find((p) => p.code === 'pro')!.offers.find((o) => o.period.code === 'monthly')!;
  return call(token, 'POST', '/api/user/checkout', {
    offerId: offer.id,
    methodId: method.id,
    idempotencyKey: randomUUID(),
  });
}

/** A customer (emails off) on Pro monthly, paid with a working card. */
async function subscriber(locale: 'en' | 'es' = 'en') {
  const c = await customer(locale);
  const paid = await buyPro(c.token, CARDS.ok);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, c.user.id)).orderBy(asc(subscriptions.createdAt));
  return { ...c, subscriptionId: sub!.id, periodEnd: sub!.currentPeriodEnd! };
}

const clockNow = async () => new Date(testClockSchema.parse((await call(admin, 'GET', '/api/admin/test-clock')).body.data).now);

/** Moves the test clock by whole days to within half a day of `instant`, running what fell due, then lets the events and emails go out. */
async function advanceTo(instant: Date) {
  const days = Math.max(1, Math.round((instant.getTime() - (await clockNow()).getTime()) / DAY));
  const res = await call(admin, 'POST', '/api/admin/test-clock/advance', { days });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await settled();
  return testClockAdvanceResultSchema.parse(res.body.data);
}

/** Every event delivered and every email sent. */
async function settled() {
  await queueIdle(t.app, 'event.');
  await queueIdle(t.app, 'email.');
}

const received = (to: string, subject: RegExp) => mail.received.filter((m) => m.to.includes(to) && subject.test(m.subject));
const invoicesOf = (userId: string) => t.db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(asc(invoices.issuedAt));
const paidAmount = async (userId: string) =>
  (await t.db.select().from(payments).where(eq(payments.userId, userId))).find((p) => p.status === 'succeeded')!.amountCents;
const euros = (cents: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(cents / 100);

describe('the receipt', () => {
  it('comes once per invoice with its PDF, even with notification emails off and the event delivered again', async () => {
    const s = await subscriber();
    expect((await t.db.select().from(users).where(eq(users.id, s.user.id)))[0]!.notificationEmails).toEqual([]);
    const [invoice] = await invoicesOf(s.user.id);
    const email = await mail.next(s.user.email, (m) => m.subject.includes(invoice!.number));
    expect(email.subject).toBe(`Your Enlaza receipt: invoice ${invoice!.number}`);
    expect(email.text).toContain(euros(invoice!.totalCents));
    expect(email.text).toContain('Pro (Monthly)');
    expect(email.text).toContain(`${publicUrl}/user/pagos`);

    const parsed = await simpleParser(email.raw);
    expect(parsed.headers.get('list-unsubscribe')).toBeUndefined();
    // Transactional: from MAIL_FROM like the other system emails, no Reply-To, no List-Unsubscribe.
    expect(parsed.from?.value[0]?.address).toBe('no-reply@enlaza.test');
    expect(parsed.replyTo).toBeUndefined();
    expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`${invoice!.number}.pdf`, 'application/pdf']]);
    expect(await pdfText(parsed.attachments[0]!.content)).toContain(invoice!.number);

    // The same `invoice.issued` delivered again (at least once): no second receipt.
    await t.app.platform.events.publish('invoice.issued', {
      invoiceId: invoice!.id,
      userId: s.user.id,
      number: invoice!.number,
      kind: 'invoice',
      totalCents: invoice!.totalCents,
      currency: invoice!.currency,
    });
    await settled();
    expect(received(s.user.email, /receipt/)).toHaveLength(1);
  });

  it('a declined checkout sends no email: the customer sees it on screen', async () => {
    const c = await customer();
    const declined = await buyPro(c.token, CARDS.chargeFails);
    expect(declined.status).toBe(402);
    await settled();
    expect(mail.received.filter((m) => m.to.includes(c.user.email))).toEqual([]);
  });

  it('is in Spanish for a Spanish-speaking customer', async () => {
    const s = await subscriber('es');
    const [invoice] = await invoicesOf(s.user.id);
    const email = await mail.next(s.user.email, (m) => m.subject.includes(invoice!.number));
    expect(email.subject).toBe(`Recibo de tu pago en Enlaza: factura ${invoice!.number}`);
    expect(email.text).toContain('Hola,');

    // An admin ends the plan now: the "plan ended" email, in Spanish too.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/subscriptions/${s.subscriptionId}/cancel`,
      headers: bearer(admin),
      payload: { atPeriodEnd: false, reason: 'asked by phone' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const ended = await mail.next(s.user.email, (m) => m.subject.startsWith('Tu plan Pro'));
    expect(ended.subject).toBe('Tu plan Pro ha terminado');
    expect(ended.text).toContain('No se ha borrado nada');
    expect(ended.text).toContain(`${publicUrl}/user/plans`);
  });
});

describe('renewals', () => {
  it('reminds a monthly subscriber 7 days before, with the amount with tax, the card and My plan', async () => {
    const s = await subscriber();
    await advanceTo(new Date(s.periodEnd.getTime() - 6 * DAY - DAY / 2));
    const reminder = await mail.next(s.user.email, (m) => m.subject.startsWith('Your Pro plan renews on'));
    expect(reminder.text).toContain(euros(await paidAmount(s.user.id)));
    expect(reminder.text).toContain('•••• 4242');
    expect(reminder.text).toContain(`${publicUrl}/user/myplan`);
    // Once per period, however often the renewals run meanwhile.
    await advanceTo(new Date(s.periodEnd.getTime() - 5 * DAY));
    expect(received(s.user.email, /renews on/)).toHaveLength(1);
  });

  it('a declined renewal: "payment failed" with the reason, the next retry and the link to the cards; after the last retry, "plan ended"', async () => {
    const s = await subscriber();
    await addCard(s.token, CARDS.chargeFails, true);
    const end = s.periodEnd.getTime();
    await advanceTo(new Date(end + DAY / 2));
    const failed = await mail.next(s.user.email, (m) => m.subject === 'We could not renew your Pro plan');
    expect(failed.text).toContain('The card was declined.');
    expect(failed.text).toContain(
      `Next attempt: ${new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: TIME_ZONE }).format(end + DAY)}`,
    );
    expect(failed.text).toContain(`${publicUrl}/user/methods`);
    expect(received(s.user.email, /has ended/)).toEqual([]);

    for (const days of [1, 3, 7]) await advanceTo(new Date(end + days * DAY + DAY / 2));
    expect((await t.db.select().from(subscriptions).where(eq(subscriptions.id, s.subscriptionId)))[0]!.status).toBe('expired');
    const attempts = received(s.user.email, /could not renew/);
    expect(attempts).toHaveLength(4);
    expect(attempts.at(-1)!.text).toContain('That was the last attempt');
    const ended: ReceivedEmail = await mail.next(s.user.email, (m) => m.subject === 'Your Pro plan has ended');
    expect(ended.text).toContain('Nothing was deleted');
    expect(ended.text).toContain(`${publicUrl}/user/plans`);
    expect(received(s.user.email, /has ended/)).toHaveLength(1);
  });

  it('a plan cancelled at the period end: "plan ended" when the period ends, once', async () => {
    const s = await subscriber();
    expect((await call(s.token, 'POST', '/api/user/myplan/cancel')).status).toBe(200);
    await advanceTo(new Date(s.periodEnd.getTime() + DAY / 2));
    const ended = await mail.next(s.user.email, (m) => m.subject === 'Your Pro plan has ended');
    expect(ended.text).toContain(new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: TIME_ZONE }).format(s.periodEnd));
    // A cancelling plan is not reminded of a renewal that will not come.
    expect(received(s.user.email, /renews on/)).toEqual([]);
    await advanceTo(new Date(s.periodEnd.getTime() + 2 * DAY));
    expect(received(s.user.email, /has ended/)).toHaveLength(1);
  });
});
