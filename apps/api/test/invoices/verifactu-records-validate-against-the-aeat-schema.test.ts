import { creditNoteAnswerSchema, type TaxRule } from '@enlaza/contracts';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceRecords } from '../../src/db/schema/index.js';
import type { InvoiceLineInput } from '../../src/modules/invoices/index.js';
import { computerSystem, recordXmlInputs } from '../../src/modules/invoices/verifactu/record-source.js';
import { registroAltaXml, suministroLRXml, type RecordXmlInput } from '../../src/modules/invoices/verifactu/record-xml.js';
import { xmlText, xsdErrors } from '../helpers/aeat-xml.js';
import { customerWithCard } from '../helpers/invoice-customers.js';
import { callAs, useAdminApp } from '../helpers/subscriber.js';

/**
 * The VERI*FACTU "alta" record of each kind of document the product issues, written as the AEAT's
 * SuministroLR.xsd / SuministroInformacion.xsd define it (the unmodified published schemas, checked
 * by libxml2), from invoices issued through the app and the chain they are stored in.
 */
const app = useAdminApp();
const SELLER = { name: 'Enlaza Demo S.L.', taxId: 'ESB00000000' };
const opts = () => ({ system: computerSystem(SELLER) });

const line = (unitAmountCents: number, taxRateBasisPoints = 2100): InvoiceLineInput => ({
  description: { en: 'Pro plan, monthly', es: 'Plan Pro, mensual', jp: 'Pro プラン（月額）' },
  quantity: 1,
  unitAmountCents,
  taxId: null,
  taxName: taxRateBasisPoints ? 'IVA 21 %' : 'VAT, not subject',
  taxRateBasisPoints,
});

/** An invoice paid through the payments module (as a renewal charges it), to a customer as given. */
async function paidInvoice(customer: Parameters<typeof customerWithCard>[1], taxRule: TaxRule, rate = 2100) {
  const { user, method } = await customerWithCard(app.t, customer);
  const payment = await app.t.app.payments.charge({
    userId: user.id,
    method,
    idempotencyKey: randomUUID(),
    purpose: 'renewal',
    description: line(900).description,
    subscriptionId: null,
    locale: 'es',
    lines: [line(900, rate)],
    taxRule,
    apply: async () => {},
  });
  return payment.invoiceId!;
}

async function creditNote(invoiceId: string, amountCents: number) {
  const res = await callAs(app.t, app.admin, 'POST', `/api/admin/invoices/${invoiceId}/credit-notes`, { reason: 'Refund', amountCents });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return creditNoteAnswerSchema.parse(res.body).data.id;
}

async function recordXml(invoiceId: string) {
  const [record] = await app.t.db.select().from(invoiceRecords).where(eq(invoiceRecords.invoiceId, invoiceId));
  const [input] = await recordXmlInputs(app.t.db, [record!.id]);
  return { record: record!, input: input!, xml: registroAltaXml(input!, opts()) };
}

async function expectValid(xml: string) {
  expect(await xsdErrors(xml, 'SuministroLR.xsd')).toBe('');
}

describe('VERI*FACTU record XML', () => {
  it('an F1 to a Spanish business names it by NIF, taxes at S1, and chains to the record before it', async () => {
    const { record, xml } = await recordXml(await paidInvoice({ taxId: 'ESX1234567Z' }, 'domestic'));
    await expectValid(xml);
    expect(xml).toContain('<sf:TipoFactura>F1</sf:TipoFactura>');
    expect(xml).toMatch(/<sf:IDDestinatario><sf:NombreRazon>[^<]+<\/sf:NombreRazon><sf:NIF>X1234567Z<\/sf:NIF><\/sf:IDDestinatario>/);
    expect(xml).toContain(
      '<sf:ClaveRegimen>01</sf:ClaveRegimen><sf:CalificacionOperacion>S1</sf:CalificacionOperacion><sf:TipoImpositivo>21.00</sf:TipoImpositivo><sf:BaseImponibleOimporteNoSujeto>9.00</sf:BaseImponibleOimporteNoSujeto><sf:CuotaRepercutida>1.89</sf:CuotaRepercutida>',
    );
    expect([xmlText(xml, 'CuotaTotal'), xmlText(xml, 'ImporteTotal')]).toEqual(['1.89', '10.89']);
    // The record's own fields, exactly as hashed.
    expect(xml).toContain(`<sf:Huella>${record.hash}</sf:Huella></sf:RegistroAlta>`);
    expect(xmlText(xml, 'FechaHoraHusoGenRegistro')).toBe(record.generatedAt);
    if (record.position > 1) expect(xml).toContain(`<sf:Huella>${record.previousHash}</sf:Huella></sf:RegistroAnterior>`);
    else expect(xml).toContain('<sf:PrimerRegistro>S</sf:PrimerRegistro>');
    expect(xml).toContain('<sf:NombreSistemaInformatico>Enlaza</sf:NombreSistemaInformatico>');
  });

  it('an F2 names no recipient; its R5 credit note is a rectificativa by differences of it', async () => {
    const f2 = await paidInvoice({ taxId: null }, 'domestic');
    const invoice = await recordXml(f2);
    await expectValid(invoice.xml);
    expect(invoice.xml).toContain('<sf:TipoFactura>F2</sf:TipoFactura>');
    expect(invoice.xml).not.toContain('Destinatarios');

    const note = await recordXml(await creditNote(f2, 500));
    await expectValid(note.xml);
    expect(note.xml).toContain('<sf:TipoFactura>R5</sf:TipoFactura><sf:TipoRectificativa>I</sf:TipoRectificativa>');
    expect(note.xml).toContain(
      `<sf:FacturasRectificadas><sf:IDFacturaRectificada><sf:IDEmisorFactura>B00000000</sf:IDEmisorFactura><sf:NumSerieFactura>${invoice.record.number}</sf:NumSerieFactura><sf:FechaExpedicionFactura>${invoice.record.issueDate}</sf:FechaExpedicionFactura></sf:IDFacturaRectificada></sf:FacturasRectificadas>`,
    );
    expect(note.xml).not.toContain('Destinatarios');
    expect(xmlText(note.xml, 'ImporteTotal')).toBe(note.record.total);
    expect(note.record.total.startsWith('-')).toBe(true);
  });

  it('an R1 credit note of an F1 names the buyer and the corrected invoice, with negative amounts', async () => {
    const f1 = await paidInvoice({ taxId: 'ESX1234567Z' }, 'domestic');
    const note = await recordXml(await creditNote(f1, 300));
    await expectValid(note.xml);
    expect(note.xml).toContain('<sf:TipoFactura>R1</sf:TipoFactura><sf:TipoRectificativa>I</sf:TipoRectificativa>');
    expect(note.xml).toContain('<sf:NIF>X1234567Z</sf:NIF>');
    expect(note.xml).toMatch(/<sf:CuotaRepercutida>-\d+\.\d\d<\/sf:CuotaRepercutida>/);
    expect(note.xml).toContain('<sf:DescripcionOperacion>Refund');
  });

  it('reverse charge to a French business: IDOtro with its VAT number, not subject here by the place of supply (N2)', async () => {
    const billingAddress = { line1: '1 rue de Rivoli', line2: null, city: 'Paris', postalCode: '75001', region: null, country: 'FR' };
    const id = await paidInvoice({ taxId: 'FR40303265045', country: 'FR', billingAddress }, 'eu_reverse_charge', 0);
    const { xml } = await recordXml(id);
    await expectValid(xml);
    expect(xml).toContain('<sf:IDOtro><sf:CodigoPais>FR</sf:CodigoPais><sf:IDType>02</sf:IDType><sf:ID>FR40303265045</sf:ID></sf:IDOtro>');
    expect(xml).toContain(
      '<sf:DetalleDesglose><sf:Impuesto>01</sf:Impuesto><sf:ClaveRegimen>01</sf:ClaveRegimen><sf:CalificacionOperacion>N2</sf:CalificacionOperacion><sf:BaseImponibleOimporteNoSujeto>9.00</sf:BaseImponibleOimporteNoSujeto></sf:DetalleDesglose>',
    );
    expect([xmlText(xml, 'CuotaTotal'), xmlText(xml, 'ImporteTotal')]).toEqual(['0.00', '9.00']);
  });

  it('outside the EU: a business with a tax id of its country (IDOtro 04), no VAT (N2); without one, a simplified F2', async () => {
    const billingAddress = { line1: '1 Main St', line2: null, city: 'Austin', postalCode: '78701', region: 'TX', country: 'US' };
    const named = await recordXml(await paidInvoice({ taxId: '12-3456789', country: 'US', billingAddress }, 'outside_eu', 0));
    await expectValid(named.xml);
    expect(named.xml).toContain(
      '<sf:IDOtro><sf:CodigoPais>US</sf:CodigoPais><sf:IDType>04</sf:IDType><sf:ID>12-3456789</sf:ID></sf:IDOtro>',
    );
    expect(named.xml).toContain('<sf:CalificacionOperacion>N2</sf:CalificacionOperacion>');
    const anonymous = await recordXml(await paidInvoice({ taxId: null, country: 'US', billingAddress }, 'outside_eu', 0));
    await expectValid(anonymous.xml);
    expect(anonymous.xml).toContain('<sf:TipoFactura>F2</sf:TipoFactura>');
  });

  it('a submission of several records validates as the AEAT RegFactuSistemaFacturacion', async () => {
    const records = await app.t.db.select().from(invoiceRecords).orderBy(invoiceRecords.position).limit(5);
    const inputs = await recordXmlInputs(
      app.t.db,
      records.map((r) => r.id),
    );
    const lr = suministroLRXml(
      { obligadoEmision: SELLER },
      inputs.map((i) => registroAltaXml(i, opts())),
    );
    await expectValid(lr);
    expect(lr).toContain(
      '<sfLR:Cabecera><sf:ObligadoEmision><sf:NombreRazon>Enlaza Demo S.L.</sf:NombreRazon><sf:NIF>B00000000</sf:NIF></sf:ObligadoEmision></sfLR:Cabecera>',
    );
    expect(lr.match(/<sfLR:RegistroFactura>/g)).toHaveLength(records.length);
    // The first record of the chain starts it.
    expect(registroAltaXml(inputs[0]!, opts())).toContain('<sf:PrimerRegistro>S</sf:PrimerRegistro>');
  });

  it('the AEAT worked example: the Huella written is the specification’s, and the schema refuses a broken record', async () => {
    const example: RecordXmlInput = {
      record: {
        issuerTaxId: '89890001K',
        number: '12345679/G34',
        issueDate: '01-01-2024',
        invoiceType: 'F1',
        taxTotal: '12.35',
        total: '123.45',
        previousHash: '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60',
        generatedAt: '2024-01-01T19:20:35+01:00',
        hash: 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97',
      },
      previous: {
        issuerTaxId: '89890001K',
        number: '12345678/G33',
        issueDate: '01-01-2024',
        hash: '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60',
      },
      invoice: {
        seller: { name: 'Empresa Ejemplo S.L.' },
        buyer: { name: 'Cliente S.A.', taxId: 'B12345678', country: 'ES' },
        taxRule: 'domestic',
        description: 'Servicios',
        taxTotals: [{ rateBasisPoints: 1000, baseCents: 11110, taxCents: 1235 }],
        corrected: null,
      },
    };
    const xml = registroAltaXml(example, opts());
    await expectValid(xml);
    expect(xmlText(xml.split('</sf:Encadenamiento>')[1]!, 'Huella')).toBe(
      'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97',
    );
    expect(await xsdErrors(xml.replace('<sf:TipoHuella>01</sf:TipoHuella>', ''), 'SuministroLR.xsd')).toMatch(/TipoHuella/);
    expect(() => registroAltaXml({ ...example, previous: null }, opts())).toThrow(/previous record/);
  });
});
