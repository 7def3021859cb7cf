import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { excludedTerritory, type PlansCatalogue, type PriceQuote } from '@enlaza/contracts';
import { invoiceRecords, invoices } from '../../src/db/schema/index.js';
import { PDF_LABELS } from '../../src/modules/invoices/pdf-labels.js';
import { taxTreatment } from '../../src/modules/invoices/tax-rules.js';
import { computerSystem, recordXmlInputs } from '../../src/modules/invoices/verifactu/record-source.js';
import { registroAltaXml } from '../../src/modules/invoices/verifactu/record-xml.js';
import { xmlText, xsdErrors } from '../helpers/aeat-xml.js';
import { popplerText } from '../helpers/poppler.js';
import { callAs, signedInFreeCustomer, useAdminApp } from '../helpers/subscriber.js';

/**
 * The Canary Islands, Ceuta and Melilla are Spain but outside the territory where IVA applies (Ley
 * 37/1992 article 3; Directive 2006/112/EC article 6): a customer whose billing address is there
 * (postal codes 35, 38, 51, 52) buys without IVA, and the plans page, the quote, the invoice, its PDF
 * and its VERI*FACTU record say why.
 */
const app = useAdminApp();
const IVA = { id: 'tax-iva', name: 'IVA 21 %', rateBasisPoints: 2100 };

const address = (postalCode: string, city: string) => ({
  line1: 'Calle Triana 1',
  line2: null,
  city,
  postalCode,
  region: null,
  country: 'ES',
});

/** A Spanish customer (English) whose billing address is in `postalCode`, optionally with a NIF. */
async function customerAt(postalCode: string, city: string, taxId: string | null = null) {
  const buyer = await signedInFreeCustomer(app.t, { country: 'ES' });
  const saved = await callAs(app.t, buyer.token, 'PUT', '/api/account/personal', {
    name: 'Cliente Canario',
    phone: null,
    country: 'ES',
    billingAddress: address(postalCode, city),
    taxId,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return buyer;
}

async function buyProMonthly(buyer: Awaited<ReturnType<typeof customerAt>>) {
  const catalogue = (await callAs(app.t, buyer.token, 'GET', '/api/user/plans')).body.data as PlansCatalogue;
  const offer = catalogue.plans.find((p) => p.code === 'pro')!.offers.find((o) => o.period.code === 'monthly')!;
  const quote = await callAs(app.t, buyer.token, 'POST', '/api/user/checkout/quote', { offerId: offer.id });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  const paid = await callAs(app.t, buyer.token, 'POST', '/api/user/checkout', {
    offerId: offer.id,
    methodId: buyer.methodId,
    idempotencyKey: randomUUID(),
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const [invoice] = await app.t.db.select().from(invoices).where(eq(invoices.id, paid.body.data.payment.invoiceId));
  return { offer, quote: quote.body.data.price as PriceQuote, invoice: invoice! };
}

async function pdfText(token: string, invoiceId: string) {
  const res = await app.t.app.inject({
    method: 'GET',
    url: `/api/invoices/${invoiceId}/pdf`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return popplerText(res.rawPayload);
}

async function recordXml(invoiceId: string) {
  const [record] = await app.t.db.select().from(invoiceRecords).where(eq(invoiceRecords.invoiceId, invoiceId));
  const [input] = await recordXmlInputs(app.t.db, [record!.id]);
  return registroAltaXml(input!, { system: computerSystem({ name: 'Enlaza Demo S.L.', taxId: 'ESB00000000' }) });
}

describe('the Canary Islands, Ceuta and Melilla', () => {
  it('are told by a Spanish postal code: 35 and 38 the Canary Islands, 51 Ceuta, 52 Melilla', () => {
    expect(excludedTerritory('ES', '35001')).toBe('canary_islands');
    expect(excludedTerritory('es', ' 38003 ')).toBe('canary_islands');
    expect(excludedTerritory('ES', '51001')).toBe('ceuta');
    expect(excludedTerritory('ES', '52001')).toBe('melilla');
    expect(excludedTerritory('ES', '28013')).toBeNull();
    expect(excludedTerritory('ES', '3500')).toBeNull();
    expect(excludedTerritory('ES', null)).toBeNull();
    // The same digits elsewhere are not these territories.
    expect(excludedTerritory('FR', '35000')).toBeNull();
    expect(excludedTerritory('DE', '52062')).toBeNull();
  });

  it('are not subject to IVA, for a Spanish seller or another member state’s, business or not', () => {
    for (const territory of ['canary_islands', 'ceuta', 'melilla'] as const)
      for (const sellerCountry of ['ES', 'FR'])
        for (const taxId of [null, 'B12345674'])
          expect(
            taxTreatment({ sellerCountry, buyer: { country: 'ES', taxId, territory }, chosen: IVA, baseCents: 900, locale: 'en' }),
          ).toEqual({ rule: 'excluded_territory', taxId: null, taxName: 'VAT, not subject', rateBasisPoints: 0 });
    expect(PDF_LABELS.es.taxRules.excluded_territory).toBe(
      'Operación no sujeta a IVA: destinatario en Canarias, Ceuta o Melilla, fuera del territorio de aplicación del impuesto (arts. 3 y 69 de la Ley 37/1992).',
    );
    expect(PDF_LABELS.jp.taxRules.excluded_territory).toMatch(/カナリア諸島/);
  });

  it('a consumer in Las Palmas: no IVA on the plans page, the quote and the invoice, whose PDF and record say why', async () => {
    const buyer = await customerAt('35001', 'Las Palmas de Gran Canaria');
    const { offer, quote, invoice } = await buyProMonthly(buyer);
    expect(offer.price).toMatchObject({ taxRule: 'excluded_territory', taxName: 'VAT, not subject', taxRateBasisPoints: 0, taxCents: 0 });
    expect(quote).toMatchObject({ taxRule: 'excluded_territory', taxRateBasisPoints: 0, taxCents: 0, totalCents: offer.priceCents });
    expect(invoice).toMatchObject({ taxRule: 'excluded_territory', invoiceType: 'F2', taxCents: 0, totalCents: offer.priceCents });
    const text = await pdfText(buyer.token, invoice.id);
    expect(text).toContain('Not subject to VAT: the customer is in the Canary Islands, Ceuta or Melilla');
    expect(text).toContain('(Articles 3 and 69, Ley 37/1992)');
    const summary = await callAs(app.t, buyer.token, 'GET', `/api/invoices/${invoice.id}`);
    expect(summary.body.data.taxRule).toBe('excluded_territory');

    const xml = await recordXml(invoice.id);
    expect(await xsdErrors(xml, 'SuministroLR.xsd')).toBe('');
    // Not subject by the place-of-supply rules (N2), the base only, no rate or cuota.
    expect(xml).toContain(
      `<sf:DetalleDesglose><sf:Impuesto>01</sf:Impuesto><sf:ClaveRegimen>01</sf:ClaveRegimen><sf:CalificacionOperacion>N2</sf:CalificacionOperacion><sf:BaseImponibleOimporteNoSujeto>${(offer.priceCents / 100).toFixed(2)}</sf:BaseImponibleOimporteNoSujeto></sf:DetalleDesglose>`,
    );
    expect(xmlText(xml, 'CuotaTotal')).toBe('0.00');
  });

  it('a business in Melilla: an F1 naming it by its NIF, N2; a credit note keeps the rule', async () => {
    const buyer = await customerAt('52001', 'Melilla', 'B12345674');
    const { invoice } = await buyProMonthly(buyer);
    expect(invoice).toMatchObject({ taxRule: 'excluded_territory', invoiceType: 'F1', taxCents: 0 });
    const xml = await recordXml(invoice.id);
    expect(await xsdErrors(xml, 'SuministroLR.xsd')).toBe('');
    expect(xml).toMatch(/<sf:IDDestinatario><sf:NombreRazon>[^<]+<\/sf:NombreRazon><sf:NIF>B12345674<\/sf:NIF><\/sf:IDDestinatario>/);
    expect(xml).toContain('<sf:CalificacionOperacion>N2</sf:CalificacionOperacion>');

    const credited = await callAs(app.t, app.admin, 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, { reason: 'Refund' });
    expect(credited.status, JSON.stringify(credited.body)).toBe(201);
    const [note] = await app.t.db.select().from(invoices).where(eq(invoices.id, credited.body.data.id));
    expect(note).toMatchObject({ taxRule: 'excluded_territory', taxCents: 0 });
    expect(await xsdErrors(await recordXml(note!.id), 'SuministroLR.xsd')).toBe('');
  });

  it('a customer in Madrid still pays IVA', async () => {
    const { quote, invoice } = await buyProMonthly(await customerAt('28013', 'Madrid'));
    expect(quote).toMatchObject({ taxRule: 'domestic', taxRateBasisPoints: 2100 });
    expect(invoice.taxRule).toBe('domestic');
    expect(invoice.taxCents).toBeGreaterThan(0);
  });
});
