import { chainVerificationAnswerSchema, invoiceAnswerSchema } from '@enlaza/contracts';
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceRecords, invoices } from '../../src/db/schema/index.js';
import {
  altaHash,
  altaHashInput,
  issuerId,
  recordAmount,
  recordDate,
  recordTimestamp,
  type AltaFields,
} from '../../src/modules/invoices/chain.js';
import { loadConfig } from '../../src/config.js';
import { PDF_LABELS } from '../../src/modules/invoices/pdf-labels.js';
import { renderInvoicePdf } from '../../src/modules/invoices/pdf.js';
import { databaseKind } from '../helpers/database.js';
import { firstPageQr, popplerText } from '../helpers/poppler.js';
import { customerWithCard, PRO_LINE } from '../helpers/invoice-customers.js';
import { ADMIN, bearer, createTestApp, login, type TestContext } from '../helpers/test-app.js';

describe('the AEAT hash ("huella") of an alta record', () => {
  // The worked examples of the AEAT's "Detalle de las especificaciones técnicas para generación de
  // la huella o hash de los registros de facturación" (first record, then one chained to it).
  const first: AltaFields = {
    issuerTaxId: '89890001K',
    number: '12345678/G33',
    issueDate: '01-01-2024',
    invoiceType: 'F1',
    taxTotal: '12.35',
    total: '123.45',
    previousHash: '',
    generatedAt: '2024-01-01T19:20:30+01:00',
  };
  const FIRST_HASH = '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60';

  it('matches the specification’s first record', () => {
    expect(altaHashInput(first)).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    );
    expect(altaHash(first)).toBe(FIRST_HASH);
  });

  it('matches the specification’s chained record', () => {
    const second = { ...first, number: '12345679/G34', previousHash: FIRST_HASH, generatedAt: '2024-01-01T19:20:35+01:00' };
    expect(altaHash(second)).toBe('F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97');
  });

  it('trims the values and is changed by any field', () => {
    expect(altaHash({ ...first, number: ' 12345678/G33 ', issuerTaxId: '89890001K ' })).toBe(FIRST_HASH);
    expect(altaHash({ ...first, total: '123.46' })).not.toBe(FIRST_HASH);
  });

  it('writes the fields as the record holds them', () => {
    expect([recordAmount(1235), recordAmount(-189), recordAmount(0), recordAmount(5), recordAmount(123456789)]).toEqual([
      '12.35',
      '-1.89',
      '0.00',
      '0.05',
      '1234567.89',
    ]);
    expect(recordDate('2024-01-01')).toBe('01-01-2024');
    expect(recordTimestamp(new Date('2024-01-01T18:20:30Z'))).toBe('2024-01-01T19:20:30+01:00');
    expect(recordTimestamp(new Date('2024-07-01T18:20:30Z'))).toBe('2024-07-01T20:20:30+02:00');
    expect(recordTimestamp(new Date('2024-07-01T18:20:30Z'), 'UTC')).toBe('2024-07-01T18:20:30+00:00');
    expect([issuerId('ESB00000000'), issuerId(' b-12345678 '), issuerId('89890001K'), issuerId('FR12345678901')]).toEqual([
      'B00000000',
      'B12345678',
      '89890001K',
      'FR12345678901',
    ]);
  });
});

describe('the record chain', () => {
  let t: TestContext;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await login(t.app, ADMIN);
  }, 240_000);
  afterAll(() => t.close());

  const pro = PRO_LINE;

  const customer = (locale: 'en' | 'es' | 'jp' = 'es') => customerWithCard(t, { locale });
  /** A checkout: the payments module's one charge path (sandbox provider), which issues the invoice in the payment's transaction. */
  const checkout = (c: Awaited<ReturnType<typeof customer>>, locale: 'en' | 'es' | 'jp' = 'es') =>
    t.app.payments.charge({
      userId: c.user.id,
      method: c.method,
      idempotencyKey: randomUUID(),
      purpose: 'renewal',
      description: pro.description,
      subscriptionId: null,
      locale,
      lines: [pro],
      taxRule: 'domestic',
      apply: async () => {},
    });
  const records = () => t.db.select().from(invoiceRecords).orderBy(asc(invoiceRecords.position));
  const verify = async (token = adminToken) =>
    t.app.inject({ method: 'POST', url: '/api/admin/invoices/verify-chain', headers: bearer(token) });

  it(`keeps one chain without fork under concurrent checkouts (${databaseKind === 'postgres' ? 'concurrently on PostgreSQL' : 'PGlite: one connection'}), credit notes included`, async () => {
    const buyers = await Promise.all(Array.from({ length: 4 }, customer));
    const paid = await Promise.all(Array.from({ length: 24 }, (_, i) => checkout(buyers[i % buyers.length]!)));
    expect(paid.every((p) => p.status === 'succeeded')).toBe(true);
    const credited = await t.app.inject({
      method: 'POST',
      url: `/api/admin/invoices/${paid[0]!.invoiceId}/credit-notes`,
      headers: bearer(adminToken),
      payload: { reason: 'Refund', amountCents: 500 },
    });
    expect(credited.statusCode).toBe(201);
    const note = invoiceAnswerSchema.parse(credited.json()).data;

    const chain = await records();
    expect(chain).toHaveLength(25);
    expect(chain.map((r) => r.position)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(new Set(chain.map((r) => r.issuerTaxId))).toEqual(new Set(['B00000000']));
    expect(chain[0]!.previousHash).toBe('');
    chain.slice(1).forEach((record, i) => expect(record.previousHash).toBe(chain[i]!.hash));
    expect(new Set(chain.map((r) => r.invoiceId)).size).toBe(25);
    const last = chain[24]!;
    expect(last).toMatchObject({
      invoiceId: note.id,
      number: note.number,
      invoiceType: 'R1',
      total: recordAmount(note.totalCents),
      taxTotal: recordAmount(note.taxCents),
      issueDate: recordDate(note.issueDate),
    });
    expect(last.hash).toBe(altaHash(last));
    expect(last.hash).toMatch(/^[0-9A-F]{64}$/);
    expect(chain[0]).toMatchObject({ invoiceType: 'F1', total: '10.89', taxTotal: '1.89' });

    const res = await verify();
    expect(res.statusCode).toBe(200);
    expect(chainVerificationAnswerSchema.parse(res.json()).data).toEqual({
      ok: true,
      checked: 25,
      signaturesChecked: 0,
      firstBroken: null,
    });
  });

  it('refuses to change or delete a record', async () => {
    const [record] = await records();
    await expect(t.db.update(invoiceRecords).set({ total: '0.00' }).where(eq(invoiceRecords.id, record!.id))).rejects.toThrow();
    await expect(t.db.delete(invoiceRecords).where(eq(invoiceRecords.id, record!.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate invoice_records`)).rejects.toThrow();
  });

  it('names the first record whose stored field was changed (trigger disabled by the test), and only an admin may ask', async () => {
    const user = await customer();
    expect((await verify(await login(t.app, user.user))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/invoices/verify-chain' })).statusCode).toBe(401);

    const chain = await records();
    const target = chain[9]!;
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.id, target.invoiceId));
    const tamper = async (total: string) => {
      await t.db.execute(sql`alter table invoice_records disable trigger invoice_records_immutable`);
      try {
        await t.db.execute(sql`update invoice_records set total = ${total} where id = ${target.id}`);
      } finally {
        await t.db.execute(sql`alter table invoice_records enable trigger invoice_records_immutable`);
      }
    };
    await tamper('1.00');
    try {
      const answer = chainVerificationAnswerSchema.parse((await verify()).json()).data;
      expect(answer).toEqual({
        ok: false,
        checked: 10,
        signaturesChecked: 0,
        firstBroken: { number: target.number, issuedAt: invoice!.issuedAt.toISOString(), reason: 'hash' },
      });
    } finally {
      await tamper(target.total);
    }
    expect(chainVerificationAnswerSchema.parse((await verify()).json()).data).toMatchObject({ ok: true, checked: chain.length });
  });

  describe('the invoice PDF', () => {
    const pdfOf = async (id: string) => {
      const res = await t.app.inject({ url: `/api/invoices/${id}/pdf`, headers: bearer(adminToken) });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };

    it('carries the NO VERI*FACTU verification QR code (level M, 30–40 mm) and no legend by default, read by poppler and jsQR', async () => {
      const buyer = await customer();
      const payment = await checkout(buyer);
      const [invoice] = await t.db.select().from(invoices).where(eq(invoices.id, payment.invoiceId!));
      const bytes = await pdfOf(invoice!.id);
      const iso = invoice!.issueDate;
      const fecha = `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
      const qr = await firstPageQr(bytes);
      expect(qr?.data).toBe(
        `https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQRNoVerifactu?nif=B00000000&numserie=${invoice!.number}&fecha=${fecha}&importe=10.89`,
      );
      expect(qr!.widthMm).toBeGreaterThanOrEqual(30);
      expect(qr!.widthMm).toBeLessThanOrEqual(40);
      const text = await popplerText(bytes);
      expect(text).toContain('QR tributario:');
      // The legend is for systems that send every record to the AEAT; this one keeps them (the default).
      expect(text).not.toContain('VERI*FACTU');
      expect(text).not.toMatch(/verificable/i);
      expect(text).toContain('Factura');
      expect(text).toContain(invoice!.number);
    });

    it('in VERI*FACTU mode, points at ValidarQR with the legend; encodes the values and uses the configured host (preproduction)', async () => {
      const buyer = await customer();
      const payment = await checkout(buyer);
      const detail = invoiceAnswerSchema.parse(
        (await t.app.inject({ url: `/api/invoices/${payment.invoiceId}`, headers: bearer(adminToken) })).json(),
      ).data;
      const bytes = await renderInvoicePdf(
        { ...detail, number: 'A/1 & 2', totalCents: -189, seller: { ...detail.seller, taxId: 'ES B12345678' } },
        { font: null, qrHost: 'prewww2.aeat.es', verifactuMode: 'verifactu' },
      );
      const iso = detail.issueDate;
      expect((await firstPageQr(bytes))?.data).toBe(
        `https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345678&numserie=A%2F1%20%26%202&fecha=${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}&importe=-1.89`,
      );
      expect(await popplerText(bytes)).toMatch(/QR tributario: .*VERI\*FACTU/);
      expect(loadConfig({ DEMO_SELLER: 'true' }).verifactuMode).toBe('no-verifactu');
      expect(loadConfig({ DEMO_SELLER: 'true', VERIFACTU_MODE: 'verifactu', NODE_ENV: 'development' }).verifactuMode).toBe('verifactu');
      // A production server sends every record: not without the certificate, nor to a stand-in.
      expect(() => loadConfig({ DEMO_SELLER: 'true', VERIFACTU_MODE: 'verifactu' })).toThrow(
        /VERIFACTU_MODE=verifactu with NODE_ENV=production .* needs VERIFACTU_CERT_FILE/,
      );
      const certificate = { VERIFACTU_CERT_FILE: '/etc/enlaza/seller.p12', VERIFACTU_CERT_PASSWORD: 'x' };
      expect(loadConfig({ DEMO_SELLER: 'true', VERIFACTU_MODE: 'verifactu', ...certificate }).verifactuSending.endpoint).toBe(
        'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
      );
      expect(() =>
        loadConfig({ DEMO_SELLER: 'true', VERIFACTU_MODE: 'verifactu', ...certificate, VERIFACTU_ENDPOINT: 'http://127.0.0.1:8080/x' }),
      ).toThrow(/an https VERIFACTU_ENDPOINT/);
      expect(() => loadConfig({ DEMO_SELLER: 'true', VERIFACTU_ENDPOINT: 'http://aeat.example/x' })).toThrow(/VERIFACTU_ENDPOINT/);
      expect(() => loadConfig({ DEMO_SELLER: 'true', VERIFACTU_MODE: 'yes' })).toThrow(/VERIFACTU_MODE/);
      expect(loadConfig({ DEMO_SELLER: 'true', INVOICE_QR_HOST: 'prewww2.aeat.es' }).invoiceQrHost).toBe('prewww2.aeat.es');
      expect(loadConfig({ DEMO_SELLER: 'true' }).invoiceQrHost).toBe('www2.agenciatributaria.gob.es');
      expect(() => loadConfig({ DEMO_SELLER: 'true', INVOICE_QR_HOST: 'https://x/y' })).toThrow(/INVOICE_QR_HOST/);
    });

    it('is in Japanese for a Japanese customer out of the box (the bundled Noto Sans JP)', async () => {
      expect(loadConfig({ DEMO_SELLER: 'true' }).invoicePdfFont?.regular).toMatch(/NotoSansJP_400Regular\.ttf$/);
      expect(loadConfig({ DEMO_SELLER: 'true', INVOICE_PDF_FONT: 'builtin' }).invoicePdfFont).toBeNull();
      const buyer = await customer('jp');
      const payment = await checkout(buyer, 'jp');
      const bytes = await pdfOf(payment.invoiceId!);
      const text = await popplerText(bytes);
      for (const label of [PDF_LABELS.jp.invoice, PDF_LABELS.jp.number, PDF_LABELS.jp.seller, PDF_LABELS.jp.buyer, PDF_LABELS.jp.total])
        expect(text).toContain(label);
      expect(text).toContain('Pro プラン（月額）');
      expect(text).not.toContain('Invoice');
      // Only the glyphs used are embedded: far smaller than the 5 MB font file.
      expect(bytes.length).toBeLessThan(400_000);
    });
  });
});
