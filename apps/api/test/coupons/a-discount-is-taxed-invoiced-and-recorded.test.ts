import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CheckoutQuote, InvoiceDetail } from '@enlaza/contracts';
import { couponRedemptions, invoiceRecords, payments } from '../../src/db/schema/index.js';
import { computerSystem, recordXmlInputs } from '../../src/modules/invoices/verifactu/record-source.js';
import { registroAltaXml } from '../../src/modules/invoices/verifactu/record-xml.js';
import { xmlText, xsdErrors } from '../helpers/aeat-xml.js';
import { couponWithCode, offerOf } from '../helpers/coupons.js';
import { popplerText } from '../helpers/poppler.js';
import { callAs, signedInFreeCustomer, useAdminApp } from '../helpers/subscriber.js';

/**
 * A coupon's discount is its own negative line on the quote and the invoice, under the line's tax:
 * the tax is computed on the base after the discount (Spanish IVA, an EU business's reverse charge),
 * the PDF prints the line, and the VERI*FACTU record's base, tax and total are the discounted ones
 * (valid against the AEAT's schema). A 100 % coupon issues a 0 invoice without asking the provider.
 * Two checkouts racing for a code's last redemption: one gets it, the other is refused before paying.
 */
const app = useAdminApp();
const SYSTEM = { system: computerSystem({ name: 'Enlaza Demo S.L.', taxId: 'ESB00000000' }) };

type Buyer = Awaited<ReturnType<typeof signedInFreeCustomer>>;

async function quoteAndPay(buyer: Buyer, offerId: string, promotionCode: string) {
  const quote = await callAs(app.t, buyer.token, 'POST', '/api/user/checkout/quote', { offerId, promotionCode });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  const paid = await callAs(app.t, buyer.token, 'POST', '/api/user/checkout', {
    offerId,
    methodId: buyer.methodId,
    idempotencyKey: randomUUID(),
    promotionCode,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const invoice = (await callAs(app.t, buyer.token, 'GET', `/api/invoices/${paid.body.data.payment.invoiceId}`)).body.data as InvoiceDetail;
  return { quote: quote.body.data as CheckoutQuote, payment: paid.body.data.payment, invoice };
}

async function recordXml(invoiceId: string) {
  const [record] = await app.t.db.select().from(invoiceRecords).where(eq(invoiceRecords.invoiceId, invoiceId));
  const [input] = await recordXmlInputs(app.t.db, [record!.id]);
  return registroAltaXml(input!, SYSTEM);
}

async function pdf(token: string, invoiceId: string) {
  const res = await app.t.app.inject({
    method: 'GET',
    url: `/api/invoices/${invoiceId}/pdf`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return popplerText(res.rawPayload);
}

describe('a discount on the quote, the invoice, its PDF and its VERI*FACTU record', () => {
  it('a Spanish customer: 25 % off 9.00 €, IVA 21 % on the 6.75 € left', async () => {
    const buyer = await signedInFreeCustomer(app.t, { country: 'ES' });
    const pro = await offerOf(app.t, buyer.token, 'pro', 'monthly');
    const { code } = await couponWithCode(app.t, app.admin, { name: 'Quarter off', percentOff: 25, duration: 'forever' });
    const { quote, payment, invoice } = await quoteAndPay(buyer, pro.id, code.code);

    expect(quote.lines).toEqual([
      { description: 'Plan Pro (Monthly)', amountCents: 900 },
      { description: `Discount Quarter off (${code.code})`, amountCents: -225 },
    ]);
    // 675 × 21 % = 141.75 → 142.
    expect(quote.price).toMatchObject({ subtotalCents: 675, taxCents: 142, totalCents: 817, taxRule: 'domestic' });
    expect(quote.discount).toEqual({
      name: 'Quarter off',
      code: code.code,
      amountOffCents: 225,
      duration: 'forever',
      durationInMonths: null,
    });
    expect(payment.amountCents).toBe(817);
    expect(invoice).toMatchObject({ subtotalCents: 675, taxCents: 142, totalCents: 817 });
    expect(invoice.lines.map((l) => [l.unitAmountCents, l.baseCents, l.taxRateBasisPoints])).toEqual([
      [900, 900, 2100],
      [-225, -225, 2100],
    ]);
    // A forever discount covers the plan's period, as its line says.
    expect(invoice.lines[1]!.periodStart).toBe(invoice.lines[0]!.periodStart);
    expect(invoice.taxTotals).toEqual([{ rateBasisPoints: 2100, taxName: 'IVA 21 %', baseCents: 675, taxCents: 142 }]);

    const text = await pdf(buyer.token, invoice.id);
    expect(text).toContain(`Discount Quarter off (${code.code})`);
    expect(text).toMatch(/Discount Quarter off \(SAVE-[0-9A-F]+\) Period: .* -€2\.25 IVA 21 % \(21 %\) -€2\.25/);

    const xml = await recordXml(invoice.id);
    expect(await xsdErrors(xml, 'SuministroLR.xsd')).toBe('');
    expect([xmlText(xml, 'BaseImponibleOimporteNoSujeto'), xmlText(xml, 'CuotaRepercutida'), xmlText(xml, 'ImporteTotal')]).toEqual([
      '6.75',
      '1.42',
      '8.17',
    ]);

    const [redemption] = await app.t.db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, buyer.user.id));
    expect(redemption).toMatchObject({ status: 'redeemed', paymentId: payment.id, invoiceId: invoice.id, amountOffCents: 225 });
    expect(redemption!.subscriptionId).not.toBeNull();
  });

  it('an EU business with reverse charge: 3.00 € off, no VAT, the record at the discounted base', async () => {
    const buyer = await signedInFreeCustomer(app.t, { country: 'FR' });
    const saved = await callAs(app.t, buyer.token, 'PUT', '/api/account/personal', {
      name: 'Société Exemple',
      phone: null,
      country: 'FR',
      taxId: 'FR 40 303 265 045',
      billingAddress: { line1: '1 rue de Rivoli', line2: null, city: 'Paris', postalCode: '75001', region: null, country: 'FR' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const pro = await offerOf(app.t, buyer.token, 'pro', 'monthly');
    const { code } = await couponWithCode(app.t, app.admin, { name: 'Three euros', percentOff: null, amountOffCents: 300 });
    const { quote, payment, invoice } = await quoteAndPay(buyer, pro.id, code.code);
    expect(quote.price).toMatchObject({ subtotalCents: 600, taxCents: 0, totalCents: 600, taxRule: 'eu_reverse_charge' });
    expect(payment.amountCents).toBe(600);
    expect(invoice).toMatchObject({ subtotalCents: 600, taxCents: 0, totalCents: 600, taxRule: 'eu_reverse_charge' });
    // A once coupon: no period on its line (it does not recur).
    expect(invoice.lines[1]).toMatchObject({ baseCents: -300, periodStart: null, periodEnd: null });
    const xml = await recordXml(invoice.id);
    expect(await xsdErrors(xml, 'SuministroLR.xsd')).toBe('');
    expect([xmlText(xml, 'BaseImponibleOimporteNoSujeto'), xmlText(xml, 'ImporteTotal')]).toEqual(['6.00', '6.00']);
  });

  it('100 % off: a 0 invoice, the plan active, the provider never asked', async () => {
    const buyer = await signedInFreeCustomer(app.t, { country: 'ES' });
    const pro = await offerOf(app.t, buyer.token, 'pro', 'monthly');
    const { code } = await couponWithCode(app.t, app.admin, { name: 'On the house', percentOff: 100 });
    const { quote, payment, invoice } = await quoteAndPay(buyer, pro.id, code.code);
    expect(quote.price).toMatchObject({ subtotalCents: 0, taxCents: 0, totalCents: 0 });
    expect(payment).toMatchObject({ amountCents: 0, status: 'succeeded' });
    expect(invoice).toMatchObject({ subtotalCents: 0, taxCents: 0, totalCents: 0 });
    const [row] = await app.t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.providerChargeRef).toBeNull();
    const plan = await callAs(app.t, buyer.token, 'GET', '/api/user/myplan');
    expect(plan.body.data.subscription.plan.code).toBe('pro');
    expect(await xsdErrors(await recordXml(invoice.id), 'SuministroLR.xsd')).toBe('');
  });

  it('two checkouts racing for the last redemption: one pays with it, the other is refused and charged nothing', async () => {
    const [a, b] = [await signedInFreeCustomer(app.t, { country: 'ES' }), await signedInFreeCustomer(app.t, { country: 'ES' })];
    const pro = await offerOf(app.t, a.token, 'pro', 'monthly');
    const { coupon, code } = await couponWithCode(app.t, app.admin, { percentOff: 10 }, { maxRedemptions: 1 });
    const pay = (buyer: Buyer) =>
      callAs(app.t, buyer.token, 'POST', '/api/user/checkout', {
        offerId: pro.id,
        methodId: buyer.methodId,
        idempotencyKey: randomUUID(),
        promotionCode: code.code,
      });
    const answers = await Promise.all([pay(a), pay(b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(answers.find((r) => r.status === 422)!.body.code).toBe('coupon.used_up');
    const loser = answers[0].status === 422 ? a : b;
    expect(await app.t.db.select().from(payments).where(eq(payments.userId, loser.user.id))).toEqual([]);
    const detail = (await callAs(app.t, app.admin, 'GET', `/api/admin/coupons/${coupon.id}`)).body.data;
    expect([detail.coupon.timesRedeemed, detail.promotionCodes[0].timesRedeemed, detail.redemptions.length]).toEqual([1, 1, 1]);
  });
});
