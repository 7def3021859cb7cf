import { chainVerificationAnswerSchema, invoiceEventListSchema, type InvoiceEvent } from '@enlaza/contracts';
import { execFileSync, execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceEvents, invoiceRecords } from '../../src/db/schema/index.js';
import { eventHash, eventHashInput, type EventFields, type EventType } from '../../src/modules/invoices/verifactu/event-xml.js';
import { computerSystem, recordXmlInputs } from '../../src/modules/invoices/verifactu/record-source.js';
import { registroAltaXml } from '../../src/modules/invoices/verifactu/record-xml.js';
import { AGE_SIGNATURE_POLICY } from '../../src/modules/invoices/verifactu/xades.js';
import { withXmlFile, xsdErrors } from '../helpers/aeat-xml.js';
import { chargeProLine, customerWithCard } from '../helpers/invoice-customers.js';
import { callAs, useAdminApp } from '../helpers/subscriber.js';
import { bearer, insertUser, login } from '../helpers/test-app.js';

/**
 * NO VERI*FACTU (Orden HAC/1177/2024): with the seller's certificate configured, every record is
 * stored with its XAdES enveloped signature, written with the record, and every event of the log
 * too; xmlsec1 (an implementation independent of ours) verifies both, and the AEAT's schemas accept them.
 */
const run = promisify(execFile);

// A throwaway self-signed certificate, made before the app that loads it (openssl, as a seller's .p12).
const dir = mkdtempSync(join(tmpdir(), 'enlaza-cert-'));
const certPem = join(dir, 'cert.pem');
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    certPem,
    '-days',
    '30',
    '-subj',
    '/CN=Enlaza Demo S.L./serialNumber=B00000000/C=ES',
  ],
  { stdio: 'ignore' },
);
execFileSync(
  'openssl',
  ['pkcs12', '-export', '-inkey', join(dir, 'key.pem'), '-in', certPem, '-out', join(dir, 'seller.p12'), '-passout', 'pass:s3cret'],
  { stdio: 'ignore' },
);

const app = useAdminApp({ VERIFACTU_CERT_FILE: join(dir, 'seller.p12'), VERIFACTU_CERT_PASSWORD: 's3cret' });

/** xmlsec1's verdict on a signed document: '' when every reference and the signature verify. */
const xmlsecErrors = (xml: string) =>
  withXmlFile(xml, async (file) => {
    try {
      await run('xmlsec1', ['--verify', '--trusted-pem', certPem, '--id-attr:Id', 'SignedProperties', file]);
      return '';
    } catch (error) {
      const { stderr, code } = error as { stderr?: string; code?: number | string };
      if (code === 'ENOENT') throw new Error('xmlsec1 is not installed (Debian: apt-get install xmlsec1)');
      return stderr || String(error);
    }
  });

async function paidInvoice() {
  const customer = await customerWithCard(app.t);
  const payment = await chargeProLine(app.t.app.payments, customer);
  const [record] = await app.t.db.select().from(invoiceRecords).where(eq(invoiceRecords.invoiceId, payment.invoiceId!));
  return record!;
}

async function events(): Promise<InvoiceEvent[]> {
  const all: InvoiceEvent[] = [];
  let before: string | null = null;
  do {
    const res = await callAs(app.t, app.admin, 'GET', `/api/admin/invoices/events?limit=2${before ? `&before=${before}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = invoiceEventListSchema.parse(res.body);
    all.push(...page.data);
    before = page.meta.nextCursor;
  } while (before);
  return all;
}

describe('NO VERI*FACTU with a certificate', () => {
  it('stores each record with its XAdES-EPES enveloped signature (AGE policy), valid for xmlsec1 and the AEAT schema', async () => {
    const record = await paidInvoice();
    const signed = record.signedXml!;
    expect(signed).toMatch(/^<sf:RegistroAlta [^>]*>.*<ds:Signature [^>]*>.*<\/ds:Signature><\/sf:RegistroAlta>$/s);
    expect(signed).toContain(`<xades:Identifier Qualifier="OIDAsURI">${AGE_SIGNATURE_POLICY.identifier}</xades:Identifier>`);
    expect(signed).toContain('http://www.w3.org/2000/09/xmldsig#enveloped-signature');
    expect(await xmlsecErrors(signed)).toBe('');
    expect(await xsdErrors(signed, 'SuministroLR.xsd')).toBe('');
    // What is signed is the record's XML as record-xml.ts writes it from what is stored.
    const [input] = await recordXmlInputs(app.t.db, [record.id]);
    expect(signed.replace(/<ds:Signature .*<\/ds:Signature>/s, '')).toBe(
      registroAltaXml(input!, { system: computerSystem({ name: 'Enlaza Demo S.L.', taxId: 'ESB00000000' }) }),
    );
    // A changed amount no longer verifies.
    expect(await xmlsecErrors(signed.replace(`<sf:ImporteTotal>${record.total}<`, '<sf:ImporteTotal>0.01<'))).not.toBe('');
    // Written with the record: the record (and its signature) cannot be changed afterwards.
    await expect(app.t.db.execute(sql`update invoice_records set signed_xml = null where id = ${record.id}`)).rejects.toThrow();
  });

  it('logs start, chain verifications with their anomalies, exports and summaries, chained, signed and append-only', async () => {
    await paidInvoice();
    const verified = chainVerificationAnswerSchema.parse(
      (await callAs(app.t, app.admin, 'POST', '/api/admin/invoices/verify-chain')).body,
    ).data;
    expect(verified.ok).toBe(true);
    const csv = await app.t.app.inject({ url: '/api/admin/invoices.csv', headers: bearer(app.admin) });
    expect(csv.statusCode).toBe(200);
    const exportedRows = csv.body.trim().split('\n').length - 1;

    // An anomaly: a record changed behind the application's back (trigger disabled by the test).
    const [last] = await app.t.db
      .select()
      .from(invoiceRecords)
      .orderBy(sql`${invoiceRecords.position} desc`)
      .limit(1);
    const tamper = async (total: string) => {
      await app.t.db.execute(sql`alter table invoice_records disable trigger invoice_records_immutable`);
      try {
        await app.t.db.execute(sql`update invoice_records set total = ${total} where id = ${last!.id}`);
      } finally {
        await app.t.db.execute(sql`alter table invoice_records enable trigger invoice_records_immutable`);
      }
    };
    await tamper('999.99');
    try {
      await callAs(app.t, app.admin, 'POST', '/api/admin/invoices/verify-chain');
    } finally {
      await tamper(last!.total);
    }
    await app.t.app.invoiceIssuer.eventLog!.summarize();

    const listed = await events();
    expect(listed.map((e) => e.eventType)).toEqual(['10', '04', '03', '08', '03', '01']);
    expect(listed[1]!.details).toMatchObject({ kind: 'anomaly', anomaly: '01', record: { number: last!.number } });
    expect(listed[3]!.details).toMatchObject({ kind: 'export', count: exportedRows });
    expect(listed[0]!.details).toMatchObject({
      kind: 'summary',
      counts: [
        { type: '01', count: 1 },
        { type: '03', count: 2 },
        { type: '04', count: 1 },
        { type: '08', count: 1 },
      ],
    });
    expect(listed.every((e) => e.signed)).toBe(true);

    const rows = await app.t.db.select().from(invoiceEvents).orderBy(asc(invoiceEvents.position));
    for (const [i, row] of rows.entries()) {
      const previous = rows[i - 1];
      expect(row.previousHash).toBe(previous?.hash ?? '');
      const fields: EventFields = {
        system: { ...row.system, onlyVerifactu: false },
        obligado: { name: 'Enlaza Demo S.L.', taxId: row.issuerTaxId },
        eventType: row.eventType as EventType,
        generatedAt: row.generatedAt,
        previous: previous ? { eventType: previous.eventType, generatedAt: previous.generatedAt, hash: previous.hash } : null,
      };
      expect(eventHashInput(fields)).toMatch(
        /^NIF=B00000000&ID=&IdSistemaInformatico=EZ&Version=[^&]+&NumeroInstalacion=B00000000-1&NIF=B00000000&TipoEvento=\d\d&HuellaEvento=[0-9A-F]*&FechaHoraHusoGenEvento=/,
      );
      expect(row.hash).toBe(eventHash(fields));
      expect(await xsdErrors(row.xml, 'EventosSIF.xsd')).toBe('');
      expect(await xmlsecErrors(row.xml)).toBe('');
    }
    await expect(app.t.db.execute(sql`update invoice_events set event_type = '90' where id = ${rows[0]!.id}`)).rejects.toThrow();
    await expect(app.t.db.execute(sql`delete from invoice_events where id = ${rows[0]!.id}`)).rejects.toThrow();
  });

  it('the event log is the admins’ only', async () => {
    const user = await insertUser(app.t.db, {});
    const token = await login(app.t.app, user);
    expect((await callAs(app.t, token, 'GET', '/api/admin/invoices/events')).status).toBe(403);
  });

  it('the chain verification checks every stored signature, counts them, and names a record changed after signing', async () => {
    await paidInvoice();
    const last = await paidInvoice();
    const [{ count }] = (await app.t.db.execute(sql`select count(*)::int as count from invoice_records where signed_xml is not null`))
      .rows as [{ count: number }];
    const verify = async () =>
      chainVerificationAnswerSchema.parse((await callAs(app.t, app.admin, 'POST', '/api/admin/invoices/verify-chain')).body).data;
    expect(await verify()).toMatchObject({ ok: true, signaturesChecked: count });

    // The record's own fields intact (its hash still computes), its signed XML changed: only the
    // signature check sees it.
    const setSigned = async (xml: string) => {
      await app.t.db.execute(sql`alter table invoice_records disable trigger invoice_records_immutable`);
      try {
        await app.t.db.execute(sql`update invoice_records set signed_xml = ${xml} where id = ${last.id}`);
      } finally {
        await app.t.db.execute(sql`alter table invoice_records enable trigger invoice_records_immutable`);
      }
    };
    await setSigned(last.signedXml!.replace(`<sf:ImporteTotal>${last.total}<`, '<sf:ImporteTotal>0.01<'));
    try {
      expect(await verify()).toMatchObject({ ok: false, firstBroken: { number: last.number, reason: 'signature' } });
    } finally {
      await setSigned(last.signedXml!);
    }
    expect(await verify()).toMatchObject({ ok: true, signaturesChecked: count });
    // The run's event (03) says the signatures were checked, with their count.
    const [run] = await app.t.db
      .select()
      .from(invoiceEvents)
      .orderBy(sql`${invoiceEvents.position} desc`)
      .limit(1);
    expect(run!.xml).toContain('<sf:RealizadoProcesoSobreIntegridadFirmasRegFacturacion>S<');
    expect(run!.xml).toContain(`<sf:NumeroDeRegistrosFacturacionProcesadosSobreIntegridadFirmas>${count}<`);
  });
});

describe('the AEAT event hash', () => {
  it('is built from the fields the specification lists, in its order', () => {
    const fields: EventFields = {
      system: {
        producerName: 'P',
        producerTaxId: '89890001K',
        name: 'S',
        id: '77',
        version: '1.0.03',
        installationNumber: '383',
        onlyVerifactu: false,
      },
      obligado: { name: 'O', taxId: '89890002E' },
      eventType: '01',
      generatedAt: '2024-01-01T19:20:30+01:00',
      previous: null,
    };
    expect(eventHashInput(fields)).toBe(
      'NIF=89890001K&ID=&IdSistemaInformatico=77&Version=1.0.03&NumeroInstalacion=383&NIF=89890002E&TipoEvento=01&HuellaEvento=&FechaHoraHusoGenEvento=2024-01-01T19:20:30+01:00',
    );
  });
});
