import { checkoutResultSchema, invoiceAnswerSchema, invoiceListSchema, paymentSchema, plansCatalogueSchema } from '@enlaza/contracts';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { users } from '../../src/db/schema/index.js';
import type { Transaction } from '../../src/db/client.js';
import {
  invoiceLines,
  invoices,
  notifications,
  type paymentMethods,
  paymentRefunds,
  payments,
  plans,
  subscriptions,
} from '../../src/db/schema/index.js';
import { quoteTotals, type InvoiceLineInput } from '../../src/modules/invoices/index.js';
import { ADMIN, bearer, createTestApp, insertUser, login, waitFor, type TestContext } from '../helpers/test-app.js';
import { databaseKind } from '../helpers/database.js';
import { pdfText } from '../helpers/pdf-text.js';
import { customerWithCard, PRO_LINE } from '../helpers/invoice-customers.js';
import { renderInvoicePdf } from '../../src/modules/invoices/pdf.js';
import { saveTestMethod, TEST_METHODS, type TestMethodId } from '../helpers/sandbox-methods.js';

let t: TestContext;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, ADMIN);
}, 240_000);
afterAll(() => t.close());

const pro = PRO_LINE;
const book: InvoiceLineInput = {
  description: { en: 'Printed guide', es: 'Guía impresa', jp: '印刷ガイド' },
  quantity: 3,
  unitAmountCents: 333,
  taxId: null,
  taxName: 'IVA 4 %',
  taxRateBasisPoints: 400,
};

/** Each customer's saved visa test card (saved through the payments module, as /user/methods does). */
const cards = new Map<string, typeof paymentMethods.$inferSelect>();

async function customer(overrides: Partial<typeof users.$inferInsert> = {}) {
  const { user, method } = await customerWithCard(t, overrides);
  cards.set(user.id, method);
  return user;
}

const issuedFor = async (paymentId: string) => {
  const [row] = await t.db
    .select({
      id: invoices.id,
      number: invoices.number,
      totalCents: invoices.totalCents,
      taxCents: invoices.taxCents,
      subtotalCents: invoices.subtotalCents,
    })
    .from(invoices)
    .where(eq(invoices.paymentId, paymentId));
  if (!row) throw new Error(`no invoice for payment ${paymentId}`);
  return row;
};

/**
 * A payment at a given date (a test clock), written as the payments module's charge path writes
 * it: the sandbox provider charges the saved card, then ONE transaction stores the payment row
 * (every column the product fills), issues its invoice and links it. Returns the row; `issue` runs
 * inside that transaction (a test may throw there to roll it back).
 */
async function paymentAt(
  userId: string,
  lines: InvoiceLineInput[],
  locale: 'en' | 'es' | 'jp',
  when: Date,
  issue: (tx: Transaction, payment: typeof payments.$inferSelect) => Promise<void> = async () => {},
) {
  const method = cards.get(userId)!;
  const amountCents = quoteTotals(lines).totalCents;
  const idempotencyKey = randomUUID();
  const charged = await t.app.payments.provider.charge({
    customer: { userId, email: '', name: '', providerCustomerRef: null },
    methodRef: method.providerToken,
    amountCents,
    currency: 'EUR',
    idempotencyKey,
    offSession: true,
    description: 'test',
  });
  if (charged.status !== 'succeeded') throw new Error(`the sandbox did not charge: ${charged.status}`);
  return t.db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        userId,
        methodId: method.id,
        subscriptionId: null,
        idempotencyKey,
        amountCents,
        currency: 'EUR',
        status: 'succeeded',
        purpose: 'renewal',
        description: lines[0]!.description,
        methodBrand: method.brand,
        methodLast4: method.last4,
        provider: t.app.payments.provider.name,
        providerChargeRef: charged.ref,
        createdAt: when,
        updatedAt: when,
      })
      .returning();
    const invoice = await t.app.invoiceIssuer.issueInvoice(tx, {
      userId,
      paymentId: payment!.id,
      currency: 'EUR',
      locale,
      lines,
      taxRule: 'domestic',
      issuedAt: when,
    });
    await tx.update(payments).set({ invoiceId: invoice.id, invoiceNumber: invoice.number }).where(eq(payments.id, payment!.id));
    await issue(tx, payment!);
    return { payment: payment!, invoice };
  });
}

/**
 * A succeeded payment and its invoice. Without a date: charged now through the payments module's
 * one charge path (`payments.charge`, sandbox provider, saved 4242 card), which issues the invoice
 * in the payment's transaction. With a date: `paymentAt` (the product's clock cannot be moved).
 */
async function paidInvoice(userId: string, lines: InvoiceLineInput[] = [pro], locale: 'en' | 'es' | 'jp' = 'es', issuedAt?: Date) {
  if (issuedAt) return paymentAt(userId, lines, locale, issuedAt);
  const payment = await t.app.payments.charge({
    userId,
    method: cards.get(userId)!,
    idempotencyKey: randomUUID(),
    purpose: 'renewal',
    description: lines[0]!.description,
    subscriptionId: null,
    locale,
    lines,
    taxRule: 'domestic',
    apply: async () => {},
  });
  expect(payment).toMatchObject({ status: 'succeeded', amountCents: quoteTotals(lines).totalCents, invoiceId: expect.any(String) });
  return { payment, invoice: await issuedFor(payment.id) };
}

const sequences = async (series: string, year: number) =>
  (
    await t.db
      .select({ s: invoices.sequence })
      .from(invoices)
      .where(and(eq(invoices.series, series), eq(invoices.year, year)))
      .orderBy(invoices.sequence)
  ).map((r) => r.s);

describe('issuing', () => {
  it('numbers invoices per series and year and snapshots seller and buyer', async () => {
    const user = await customer();
    const { invoice } = await paidInvoice(user.id, [pro, book], 'es', new Date('2031-03-04T10:00:00Z'));
    expect(invoice.number).toBe('F2031-000001');
    // 9.00 at 21 % → 1.89; 9.99 at 4 % → 0.3996 → 0.40.
    expect(invoice).toMatchObject({ subtotalCents: 1899, taxCents: 229, totalCents: 2128 });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.seller).toMatchObject({ name: 'Enlaza Demo S.L.', taxId: 'ESB00000000' });
    expect(row!.buyer).toMatchObject({ name: user.name, taxId: 'ESX1234567Z', address: 'Calle Luna 5, 41001 Sevilla', country: 'ES' });
    const second = await paidInvoice(user.id, [pro], 'es', new Date('2031-05-01T10:00:00Z'));
    expect(second.invoice.number).toBe('F2031-000002');
    expect((await paidInvoice(user.id, [pro], 'es', new Date('2032-01-01T00:00:00Z'))).invoice.number).toBe('F2032-000001');
  });

  it('gives the number back when the payment transaction rolls back: no gap', async () => {
    const user = await customer();
    const when = new Date('2033-06-01T00:00:00Z');
    await paidInvoice(user.id, [pro], 'en', when);
    await expect(
      paymentAt(user.id, [pro], 'en', when, async () => {
        throw new Error('card declined after all');
      }),
    ).rejects.toThrow('card declined');
    expect(await t.db.select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(1);
    await paidInvoice(user.id, [pro], 'en', when);
    expect(await sequences('F', 2033)).toEqual([1, 2]);
  });

  it('issues one invoice per payment', async () => {
    const user = await customer();
    const { payment } = await paidInvoice(user.id);
    await expect(
      t.db.transaction((tx) =>
        t.app.invoiceIssuer.issueInvoice(tx, {
          userId: user.id,
          paymentId: payment.id,
          currency: 'EUR',
          locale: 'en',
          lines: [pro],
          taxRule: 'domestic',
        }),
      ),
    ).rejects.toThrow();
  });

  it(`numbers 50 concurrent issues without gap or duplicate (${databaseKind === 'postgres' ? 'concurrently on PostgreSQL' : 'PGlite has one connection: in turn'})`, async () => {
    const user = await customer();
    const when = new Date('2040-01-15T00:00:00Z');
    const one = () => paidInvoice(user.id, [pro], 'en', when);
    const issued =
      databaseKind === 'postgres'
        ? await Promise.all(Array.from({ length: 50 }, one))
        : await Array.from({ length: 50 }).reduce<Promise<unknown[]>>(async (acc) => [...(await acc), await one()], Promise.resolve([]));
    expect(issued).toHaveLength(50);
    expect(await sequences('F', 2040)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('keeps numbering past 999,999 in a year: the millionth invoice has seven digits, none is cut or repeated', async () => {
    const user = await customer();
    const when = new Date('2046-12-30T10:00:00Z');
    // Nearly a million invoices issued this year already (the counter, not a million rows).
    await t.db.execute(sql`insert into invoice_counters (series, year, last_sequence) values ('F', 2046, 999998)`);
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) numbers.push((await paidInvoice(user.id, [pro], 'en', when)).invoice.number);
    expect(numbers).toEqual(['F2046-999999', 'F2046-1000000', 'F2046-1000001']);
    expect(await sequences('F', 2046)).toEqual([999_999, 1_000_000, 1_000_001]);
  });

  it('raises the invoice issued notification after commit', async () => {
    const user = await customer();
    const { invoice } = await paidInvoice(user.id);
    const found = await waitFor(
      async () =>
        (
          await t.db
            .select()
            .from(notifications)
            .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'invoice_issued')))
        )[0],
      'the notification',
    );
    expect(found.payload).toMatchObject({ invoiceId: invoice.id, number: invoice.number, totalCents: 1089, currency: 'EUR' });
  });
});

describe('immutability at the database', () => {
  it('refuses to update or delete an issued invoice and its lines; only the status may move forward', async () => {
    const user = await customer();
    const { invoice } = await paidInvoice(user.id);
    await expect(t.db.update(invoices).set({ totalCents: 1 }).where(eq(invoices.id, invoice.id))).rejects.toThrow();
    await expect(
      t.db.execute(sql`update invoices set buyer = '{"name":"Someone else"}'::jsonb where id = ${invoice.id}`),
    ).rejects.toThrow();
    await expect(t.db.delete(invoices).where(eq(invoices.id, invoice.id))).rejects.toThrow();
    await expect(t.db.update(invoiceLines).set({ unitAmountCents: 1 }).where(eq(invoiceLines.invoiceId, invoice.id))).rejects.toThrow();
    await expect(t.db.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id))).rejects.toThrow();
    // The status moves with a credit note behind it (the database refuses it without one, see
    // credit-notes-add-up-and-end-the-service.test.ts), and never back.
    const partly = await t.app.inject({
      method: 'POST',
      url: `/api/admin/invoices/${invoice.id}/credit-notes`,
      headers: bearer(adminToken),
      payload: { amountCents: 100, reason: 'A goodwill euro' },
    });
    expect(partly.statusCode).toBe(201);
    await expect(t.db.update(invoices).set({ status: 'issued' }).where(eq(invoices.id, invoice.id))).rejects.toThrow();
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ totalCents: 1089, status: 'partially_credited' });
  });
});

describe('PDF', () => {
  it('prints the number, the buyer tax id, the tax per rate and the total in the customer language', async () => {
    const user = await customer();
    const { invoice } = await paidInvoice(user.id, [pro, book], 'es');
    const res = await t.app.inject({ url: `/api/invoices/${invoice.id}/pdf`, headers: bearer(await login(t.app, user)) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Factura');
    expect(text).toContain(invoice.number);
    expect(text).toContain('ESX1234567Z');
    expect(text).toContain('ESB00000000');
    expect(text).toContain('Plan Pro, mensual');
    expect(text).toMatch(/IVA 21 % \(21 %\) 9,00 € 1,89 €/);
    expect(text).toMatch(/IVA 4 % \(4 %\) 9,99 € 0,40 €/);
    expect(text).toContain('21,28 €');
  });

  it('falls back to English labels for a Japanese customer when the PDF font is the built-in Helvetica (INVOICE_PDF_FONT=builtin)', async () => {
    const user = await customer({ locale: 'jp' });
    const { invoice } = await paidInvoice(user.id, [pro], 'jp');
    const detail = invoiceAnswerSchema.parse(
      (await t.app.inject({ url: `/api/invoices/${invoice.id}`, headers: bearer(adminToken) })).json(),
    ).data;
    const text = await pdfText(
      await renderInvoicePdf(detail, { font: null, qrHost: 'www2.agenciatributaria.gob.es', verifactuMode: 'no-verifactu' }),
    );
    expect(text).toContain('Invoice');
    expect(text).toContain('Pro plan, monthly');
    expect(text).toContain('€10.89');
  });
});

describe('access', () => {
  it('shows an invoice to its owner and an admin; another user gets 404 and the admin list 403', async () => {
    const owner = await customer();
    const other = await customer();
    const { invoice } = await paidInvoice(owner.id);
    const ownerToken = await login(t.app, owner);
    const otherToken = await login(t.app, other);
    expect((await t.app.inject({ url: `/api/invoices/${invoice.id}`, headers: bearer(ownerToken) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/invoices/${invoice.id}`, headers: bearer(adminToken) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/invoices/${invoice.id}`, headers: bearer(otherToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/invoices/${invoice.id}/pdf`, headers: bearer(otherToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/admin/invoices', headers: bearer(ownerToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/invoices.csv', headers: bearer(ownerToken) })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/invoices/${invoice.id}/credit-notes`,
          headers: bearer(ownerToken),
          payload: { reason: 'mine' },
        })
      ).statusCode,
    ).toBe(403);
    const mine = invoiceListSchema.parse((await t.app.inject({ url: '/api/invoices', headers: bearer(ownerToken) })).json());
    expect(mine.data.map((i) => i.id)).toEqual([invoice.id]);
    expect(invoiceListSchema.parse((await t.app.inject({ url: '/api/invoices', headers: bearer(otherToken) })).json()).data).toEqual([]);
  });
});

describe('Facturas list and CSV', () => {
  it('filters by dates, series, status and customer, in keyset pages', async () => {
    const user = await customer({ name: 'Zoe Filtered' });
    for (const day of ['2045-02-01', '2045-02-10', '2045-03-01']) await paidInvoice(user.id, [pro], 'en', new Date(`${day}T12:00:00Z`));
    const list = async (query: string) =>
      invoiceListSchema.parse((await t.app.inject({ url: `/api/admin/invoices?${query}`, headers: bearer(adminToken) })).json());
    const feb = await list('from=2045-02-01&to=2045-02-28&q=zoe%20filt');
    expect(feb.data.map((i) => i.number)).toEqual(['F2045-000002', 'F2045-000001']);
    const first = await list('q=Zoe Filtered&limit=2');
    expect(first.data).toHaveLength(2);
    const second = await list(`q=Zoe Filtered&limit=2&before=${first.meta.nextCursor}`);
    expect(second.data.map((i) => i.number)).toEqual(['F2045-000001']);
    expect(second.meta.nextCursor).toBeNull();
    expect((await list('series=R&q=Zoe Filtered')).data).toEqual([]);
    expect((await list('status=credited&q=Zoe Filtered')).data).toEqual([]);
    expect((await t.app.inject({ url: '/api/admin/invoices?before=nonsense', headers: bearer(adminToken) })).statusCode).toBe(422);
    // An impossible date is a translated 422 on the list and the export alike, never a 500 or a cut stream.
    for (const path of ['/api/admin/invoices', '/api/admin/invoices.csv']) {
      for (const query of ['from=2026-13-45', 'to=2026-02-30', 'from=0000-01-01']) {
        const res = await t.app.inject({ url: `${path}?${query}`, headers: { ...bearer(adminToken), 'accept-language': 'es' } });
        expect([res.statusCode, res.headers['content-type']], `${path}?${query}`).toEqual([
          422,
          expect.stringContaining('application/json'),
        ]);
        expect(res.json().errors[query.split('=')[0]!]).toEqual([expect.stringMatching(/\S/)]);
      }
    }
  });

  it('exports CSV with a BOM and neutralised formulas', async () => {
    const user = await customer({ name: '=HYPERLINK("http://x")' });
    const { invoice } = await paidInvoice(user.id);
    const res = await t.app.inject({ url: `/api/admin/invoices.csv?q=${encodeURIComponent(invoice.number)}`, headers: bearer(adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.startsWith('\uFEFF"number"')).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${invoice.number}"`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[1]).toContain('"10.89"');
  });
});

describe('credit notes', () => {
  const credit = (id: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/invoices/${id}/credit-notes`, headers: bearer(adminToken), payload });
  const refunds = async (paymentId: string) => t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));

  it('credits a whole invoice in its own series with negative amounts and refunds it once', async () => {
    const user = await customer();
    const { invoice, payment } = await paidInvoice(user.id, [pro, book]);
    const [{ issueDate }] = (await t.db.select({ issueDate: invoices.issueDate }).from(invoices).where(eq(invoices.id, invoice.id))) as [
      { issueDate: string },
    ];
    const res = await credit(invoice.id, { reason: 'Customer cancelled' });
    expect(res.statusCode).toBe(201);
    const note = invoiceAnswerSchema.parse(res.json()).data;
    expect(note).toMatchObject({
      kind: 'credit_note',
      series: 'R',
      correctedInvoiceId: invoice.id,
      correctedNumber: invoice.number,
      correctedIssueDate: issueDate,
      subtotalCents: -1899,
      taxCents: -229,
      totalCents: -2128,
      reason: 'Customer cancelled',
    });
    expect(note.number).toMatch(/^R\d{4}-\d{6}$/);
    expect(await refunds(payment.id)).toMatchObject([{ amountCents: 2128, idempotencyKey: `credit-note:${invoice.id}:1` }]);
    const [original] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(original!.status).toBe('credited');
    const listed = invoiceListSchema.parse(
      (await t.app.inject({ url: `/api/admin/invoices?q=${invoice.number}`, headers: bearer(adminToken) })).json(),
    ).data;
    expect(listed.find((i) => i.id === invoice.id)).toMatchObject({ status: 'credited', creditedCents: 2128 });
    const notes = invoiceListSchema.parse(
      (await t.app.inject({ url: `/api/admin/invoices?q=${note.number}`, headers: bearer(adminToken) })).json(),
    ).data;
    expect(notes.find((i) => i.id === note.id)).toMatchObject({
      kind: 'credit_note',
      correctedNumber: invoice.number,
      correctedIssueDate: issueDate,
    });
    const again = await credit(invoice.id, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'invoice.not_creditable' });
    const text = await pdfText((await t.app.inject({ url: `/api/invoices/${note.id}/pdf`, headers: bearer(adminToken) })).rawPayload);
    expect(text).toContain('Factura rectificativa');
    expect(text).toContain(`Rectifica la factura: ${invoice.number}`);
    // The corrected invoice is named by its number and its date (Real Decreto 1619/2012, article 15).
    expect(text).toContain(`Fecha de la factura rectificada: ${issueDate}`);
    expect(text).toContain('-21,28 €');
  });

  it('credits part of an invoice, then the rest, and refuses more than is left', async () => {
    const user = await customer();
    const { invoice, payment } = await paidInvoice(user.id);
    const part = invoiceAnswerSchema.parse((await credit(invoice.id, { amountCents: 605, reason: 'Half a month' })).json()).data;
    expect(part).toMatchObject({ subtotalCents: -500, taxCents: -105, totalCents: -605 });
    const tooMuch = await credit(invoice.id, { amountCents: 485, reason: 'More' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 'invoice.credit_exceeds', errors: { amountCents: [expect.any(String)] } });
    const [partly] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(partly!.status).toBe('partially_credited');
    const rest = invoiceAnswerSchema.parse((await credit(invoice.id, { reason: 'The rest' })).json()).data;
    expect(rest.totalCents).toBe(-484);
    expect((await refunds(payment.id)).map((r) => r.amountCents).sort()).toEqual([484, 605]);
    const [done] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(done!.status).toBe('credited');
    const [paid] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(paid).toMatchObject({ refundedCents: 1089, status: 'refunded' });
  });

  it('refunds once per key: a retry after the refund went through issues the note without refunding again', async () => {
    const user = await customer();
    const { invoice, payment } = await paidInvoice(user.id);
    // The refund of the first credit note went through, then the process died before the note was stored.
    await t.app.payments.refundPayment(payment.id, 1089, `credit-note:${invoice.id}:1`);
    const res = await credit(invoice.id, { reason: 'Retry' });
    expect(res.statusCode).toBe(201);
    expect(await refunds(payment.id)).toHaveLength(1);
    // Two identical requests at once: one refund, one credit note.
    const other = await paidInvoice(user.id);
    const both = await Promise.all([
      credit(other.invoice.id, { reason: 'double click' }),
      credit(other.invoice.id, { reason: 'double click' }),
    ]);
    const ids = new Set(both.filter((r) => r.statusCode === 201).map((r) => r.json<{ data: { id: string } }>().data.id));
    expect(ids.size).toBe(1);
    expect(await refunds(other.payment.id)).toHaveLength(1);
    expect(await t.db.select().from(invoices).where(eq(invoices.correctedInvoiceId, other.invoice.id))).toHaveLength(1);
  });

  it('refuses to credit a credit note and answers 404 for an unknown invoice', async () => {
    const user = await customer();
    const { invoice } = await paidInvoice(user.id);
    const note = invoiceAnswerSchema.parse((await credit(invoice.id, { reason: 'Cancel' })).json()).data;
    expect((await credit(note.id, { reason: 'Cancel the cancel' })).statusCode).toBe(409);
    expect((await credit('00000000-0000-4000-8000-000000000000', { reason: 'Nothing' })).statusCode).toBe(404);
    expect((await credit(invoice.id, { reason: '' })).statusCode).toBe(422);
  });
});

describe('the money path through HTTP', () => {
  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...bearer(token), 'accept-language': 'en' }, ...(payload ? { payload } : {}) });

  /** A Free user as registration leaves one, with a card saved through /user/methods. */
  async function freeCustomerWithCard(testMethod: TestMethodId) {
    const user = await insertUser(t.db, { taxId: 'ESX7654321Z', country: 'ES', locale: 'es' });
    const [free] = await t.db.select().from(plans).where(eq(plans.code, 'free'));
    await t.db.insert(subscriptions).values({ userId: user.id, planId: free!.id, status: 'active', currentPeriodStart: new Date() });
    const token = await login(t.app, user);
    const saved = await saveTestMethod(t, token, testMethod);
    const catalogue = plansCatalogueSchema.parse((await call(token, 'GET', '/api/user/plans')).json<{ data: unknown }>().data);
    const offer = catalogue.plans.find((p) => p.code === 'pro')!.offers.find((o) => o.period.code === 'monthly')!;
    return { user, token, methodId: saved.id, offerId: offer.id };
  }

  it('a checkout with the visa test card makes one payment and one invoice, listed in /invoices and linked from Pagos to its PDF', async () => {
    const { user, token, methodId, offerId } = await freeCustomerWithCard(TEST_METHODS.ok);
    const res = await call(token, 'POST', '/api/user/checkout', { offerId, methodId, idempotencyKey: randomUUID() });
    expect(res.statusCode).toBe(200);
    const paid = checkoutResultSchema.parse(res.json<{ data: unknown }>().data).payment;
    expect(paid).toMatchObject({ status: 'succeeded', amountCents: 1089 });
    expect(paid.invoiceNumber).toMatch(new RegExp(`^F${new Date().getUTCFullYear()}-\\d{6}$`));

    expect(await t.db.select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(1);
    const issued = await t.db.select().from(invoices).where(eq(invoices.userId, user.id));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      id: paid.invoiceId,
      number: paid.invoiceNumber,
      paymentId: paid.id,
      kind: 'invoice',
      totalCents: 1089,
      taxCents: 189,
      locale: 'es',
    });

    const mine = invoiceListSchema.parse((await call(token, 'GET', '/api/invoices')).json());
    expect(mine.data).toEqual([
      expect.objectContaining({ id: paid.invoiceId, number: paid.invoiceNumber, totalCents: 1089, status: 'issued', paymentId: paid.id }),
    ]);

    const pagos = z.array(paymentSchema).parse((await call(token, 'GET', '/api/user/pagos')).json<{ data: unknown }>().data);
    expect(pagos.map((p) => [p.id, p.invoiceId, p.invoiceNumber])).toEqual([[paid.id, paid.invoiceId, paid.invoiceNumber]]);
    const pdf = await call(token, 'GET', `/api/invoices/${pagos[0]!.invoiceId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(paid.invoiceNumber!);
    expect(text).toContain('ESX7654321Z');
    expect(text).toContain('10,89 €');
  });

  it('a declined charge leaves a failed payment and no invoice', async () => {
    const { user, token, methodId, offerId } = await freeCustomerWithCard(TEST_METHODS.chargeDeclined);
    const res = await call(token, 'POST', '/api/user/checkout', { offerId, methodId, idempotencyKey: randomUUID() });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'payment.card_declined' });
    expect((await t.db.select().from(payments).where(eq(payments.userId, user.id))).map((p) => [p.status, p.invoiceId])).toEqual([
      ['failed', null],
    ]);
    expect(await t.db.select().from(invoices).where(eq(invoices.userId, user.id))).toEqual([]);
    expect(invoiceListSchema.parse((await call(token, 'GET', '/api/invoices')).json()).data).toEqual([]);
    const pagos = z.array(paymentSchema).parse((await call(token, 'GET', '/api/user/pagos')).json<{ data: unknown }>().data);
    expect(pagos).toEqual([expect.objectContaining({ status: 'failed', invoiceId: null, failureCode: 'payment.card_declined' })]);
  });
});
