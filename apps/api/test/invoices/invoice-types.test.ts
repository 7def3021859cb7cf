import { chainVerificationAnswerSchema, creditNoteAnswerSchema } from '@enlaza/contracts';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceRecords, invoices, payments } from '../../src/db/schema/index.js';
import type { InvoiceLineInput } from '../../src/modules/invoices/index.js';
import { databaseKind } from '../helpers/database.js';
import { customerWithCard } from '../helpers/invoice-customers.js';
import { popplerText } from '../helpers/poppler.js';
import { callAs, useAdminApp } from '../helpers/subscriber.js';
import { bearer } from '../helpers/test-app.js';

/**
 * TipoFactura (VERI*FACTU, Orden HAC/1177/2024): an invoice names its buyer by tax id (F1) or is a
 * simplified invoice (F2, Real Decreto 1619/2012 article 4: at most 400 € with VAT); a credit note
 * is R1–R4 by its reason under article 80 of the VAT law, R5 when it corrects a simplified invoice.
 */
const app = useAdminApp();

const line = (unitAmountCents: number): InvoiceLineInput => ({
  description: { en: 'Consulting', es: 'Consultoría', jp: 'コンサルティング' },
  quantity: 1,
  unitAmountCents,
  taxId: null,
  taxName: 'IVA 21 %',
  taxRateBasisPoints: 2100,
});

/** A paid invoice of one line (base `cents` at 21 %) to a customer with or without a tax id. */
async function paid(cents: number, taxId: string | null) {
  const { user, method } = await customerWithCard(app.t, { taxId });
  const payment = await app.t.app.payments.charge({
    userId: user.id,
    method,
    idempotencyKey: randomUUID(),
    purpose: 'renewal',
    description: line(cents).description,
    subscriptionId: null,
    locale: 'es',
    lines: [line(cents)],
    taxRule: 'domestic',
    apply: async () => {},
  });
  return { user, invoiceId: payment.invoiceId! };
}

const typeOf = async (id: string) => {
  const [row] = await app.t.db
    .select({ invoice: invoices.invoiceType, record: invoiceRecords.invoiceType })
    .from(invoices)
    .innerJoin(invoiceRecords, eq(invoiceRecords.invoiceId, invoices.id))
    .where(eq(invoices.id, id));
  // The record in the chain (what is hashed) holds the invoice's own type.
  expect(row!.record).toBe(row!.invoice);
  return row!.invoice;
};

const credit = async (invoiceId: string, payload: object) => {
  const res = await callAs(app.t, app.admin, 'POST', `/api/admin/invoices/${invoiceId}/credit-notes`, { reason: 'Refund', ...payload });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return creditNoteAnswerSchema.parse(res.body).data;
};

describe('invoice types', () => {
  it('an invoice to a buyer with a tax id is F1; without one it is a simplified invoice, F2, and its PDF says so', async () => {
    const named = await paid(900, 'ESX1234567Z');
    expect(await typeOf(named.invoiceId)).toBe('F1');
    const simplified = await paid(900, null);
    expect(await typeOf(simplified.invoiceId)).toBe('F2');

    const answer = await app.t.app.inject({ url: `/api/invoices/${simplified.invoiceId}`, headers: bearer(app.admin) });
    expect(answer.json<{ data: { invoiceType: string } }>().data.invoiceType).toBe('F2');
    const pdf = await app.t.app.inject({ url: `/api/invoices/${simplified.invoiceId}/pdf`, headers: bearer(app.admin) });
    expect(await popplerText(pdf.rawPayload)).toContain('Factura simplificada');
  });

  it('a credit note is R1 by default, the code asked (R2–R4) otherwise, and always R5 for a simplified invoice', async () => {
    const named = await paid(900, 'ESX1234567Z');
    expect(await typeOf((await credit(named.invoiceId, { amountCents: 100 })).id)).toBe('R1');
    expect(await typeOf((await credit(named.invoiceId, { amountCents: 100, correctionCode: 'R4' })).id)).toBe('R4');
    expect(await typeOf((await credit(named.invoiceId, { amountCents: 100, correctionCode: 'R3' })).id)).toBe('R3');
    const simplified = await paid(900, null);
    expect(await typeOf((await credit(simplified.invoiceId, { amountCents: 100, correctionCode: 'R3' })).id)).toBe('R5');

    const refused = await callAs(app.t, app.admin, 'POST', `/api/admin/invoices/${named.invoiceId}/credit-notes`, {
      reason: 'Refund',
      amountCents: 100,
      correctionCode: 'R5',
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors ?? {})).toEqual(['correctionCode']);

    const verified = await callAs(app.t, app.admin, 'POST', '/api/admin/invoices/verify-chain');
    expect(chainVerificationAnswerSchema.parse(verified.body).data).toMatchObject({ ok: true, firstBroken: null });
  });

  it('over 400 € a buyer without a tax id is asked for it before anything is charged; with it the invoice is F1', async () => {
    // 330.58 € + 21 % = 400.00 €: still simplified.
    const atLimit = await paid(33058, null);
    expect(await typeOf(atLimit.invoiceId)).toBe('F2');

    const { user, method } = await customerWithCard(app.t, { taxId: null });
    const charge = () =>
      app.t.app.payments.charge({
        userId: user.id,
        method,
        idempotencyKey: randomUUID(),
        purpose: 'renewal',
        description: line(33059).description,
        subscriptionId: null,
        locale: 'es',
        lines: [line(33059)],
        taxRule: 'domestic',
        apply: async () => {},
      });
    await expect(charge()).rejects.toMatchObject({ code: 'billing.tax_id_required' });
    const count = async () =>
      (
        await app.t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(payments)
          .where(eq(payments.userId, user.id))
      )[0]!.n;
    expect(await count()).toBe(0);

    await app.t.db.execute(sql`update users set tax_id = 'ESX1234567Z' where id = ${user.id}`);
    const payment = await charge();
    expect(payment.amountCents).toBe(40001);
    expect(await typeOf(payment.invoiceId!)).toBe('F1');
  });

  it('the database refuses a type that does not fit the document', async () => {
    const { invoiceId } = await paid(900, 'ESX1234567Z');
    const [row] = await app.t.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    // A copy of a real invoice with a fresh number: typed as a credit note it is refused, as F2 it is stored.
    const insert = (type: string, number: string, rule = 'domestic') =>
      app.t.db.execute(sql`
        insert into invoices (kind, series, year, sequence, number, user_id, issued_at, issue_date, currency, locale, seller, buyer,
          invoice_type, tax_rule, subtotal_cents, tax_cents, total_cents)
        values ('invoice', 'F', ${row!.year}, ${999_000_000 + number.length}, ${number}, ${row!.userId}, now(), ${row!.issueDate}::date,
          'EUR', 'es', ${JSON.stringify(row!.seller)}::jsonb, ${JSON.stringify(row!.buyer)}::jsonb, ${type}, ${rule}, 900, 189, 1089)`);
    await expect(insert('R1', `F-check-${databaseKind}`)).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringContaining('invoices_type_of_kind') }),
    });
    // Nor a VAT rule the product does not know.
    await expect(insert('F1', `F-rule-${databaseKind}`, 'exempt')).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringContaining('invoices_tax_rule') }),
    });
    await expect(insert('F2', `F-check-${databaseKind}-ok`)).resolves.toBeDefined();
  });
});
