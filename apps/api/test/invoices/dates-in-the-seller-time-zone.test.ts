import { chainVerificationAnswerSchema, invoiceAnswerSchema, invoiceListSchema } from '@enlaza/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { invoiceRecords, invoiceRevenueMonths, invoices } from '../../src/db/schema/index.js';
import { paidAt } from '../helpers/billing-fixture.js';
import { pdfText } from '../helpers/pdf-text.js';
import { ADMIN, bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await login(t.app, ADMIN));
}, 240_000);
afterAll(() => t.close());

const rowOf = async (id: string) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

describe("invoice dates in the seller's time zone (Europe/Madrid by default)", () => {
  it('dates an invoice issued at 23:30 UTC on 31 December on 1 January, numbered in the new year’s series', async () => {
    const user = await insertUser(t.db, { taxId: 'ESX1234567Z', country: 'ES', locale: 'es' });
    const lastOfYear = await paidAt(t, user.id, null, 900, new Date('2026-12-31T22:30:00Z')); // 23:30 in Madrid
    const newYear = await paidAt(t, user.id, null, 900, new Date('2026-12-31T23:30:00Z')); // 00:30 on 1 January in Madrid
    expect(await rowOf(lastOfYear.invoice.id)).toMatchObject({ issueDate: '2026-12-31', year: 2026, number: 'F2026-000001' });
    expect(await rowOf(newYear.invoice.id)).toMatchObject({ issueDate: '2027-01-01', year: 2027, number: 'F2027-000001' });

    // The record (FechaExpedicionFactura), the answer, the PDF and the QR code carry the same date.
    const [record] = await t.db.select().from(invoiceRecords).where(eq(invoiceRecords.invoiceId, newYear.invoice.id));
    expect(record!.issueDate).toBe('01-01-2027');
    expect(record!.generatedAt).toMatch(/\+0[12]:00$/);
    const detail = invoiceAnswerSchema.parse((await t.app.inject({ url: `/api/invoices/${newYear.invoice.id}`, headers: admin })).json());
    expect(detail.data).toMatchObject({ issueDate: '2027-01-01', issuedAt: '2026-12-31T23:30:00.000Z' });
    const pdf = await t.app.inject({ url: `/api/invoices/${newYear.invoice.id}/pdf`, headers: admin });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Date of issue: 2027-01-01');
    expect(text).not.toContain('2026-12-31');

    // Revenue months are the seller's: this one counts in January.
    const months = await t.db.select().from(invoiceRevenueMonths);
    expect(months.filter((m) => m.month >= '2026-12').map((m) => [m.month, Number(m.netCents)])).toEqual(
      expect.arrayContaining([
        ['2026-12', 900],
        ['2027-01', 900],
      ]),
    );

    // The admin's date filters are issue dates, `to` included.
    const list = async (query: string) =>
      invoiceListSchema
        .parse((await t.app.inject({ url: `/api/admin/invoices?${query}`, headers: admin })).json())
        .data.map((i) => i.number);
    expect(await list('from=2027-01-01&to=2027-01-01')).toEqual(['F2027-000001']);
    expect(await list('from=2026-12-31&to=2026-12-31')).toEqual(['F2026-000001']);
    const csv = await t.app.inject({ url: '/api/admin/invoices.csv?from=2027-01-01&to=2027-01-31', headers: admin });
    expect(csv.body).toContain('"F2027-000001","invoice","2027-01-01","2026-12-31T23:30:00.000Z"');

    const chain = await t.app.inject({ method: 'POST', url: '/api/admin/invoices/verify-chain', headers: admin });
    expect(chainVerificationAnswerSchema.parse(chain.json()).data).toMatchObject({ ok: true, firstBroken: null });
  });

  it('follows SELLER_TIME_ZONE, refused at start-up when it is not an IANA zone', () => {
    expect(loadConfig({ DEMO_SELLER: 'true' }).sellerTimeZone).toBe('Europe/Madrid');
    expect(loadConfig({ DEMO_SELLER: 'true', SELLER_TIME_ZONE: 'Atlantic/Canary' }).sellerTimeZone).toBe('Atlantic/Canary');
    expect(() => loadConfig({ DEMO_SELLER: 'true', SELLER_TIME_ZONE: 'Mars/Olympus' })).toThrow(/SELLER_TIME_ZONE: an IANA time zone name/);
    expect(() => loadConfig({ DEMO_SELLER: 'true', SELLER_TIME_ZONE: '+01:00' })).toThrow(/SELLER_TIME_ZONE/);
  });
});
