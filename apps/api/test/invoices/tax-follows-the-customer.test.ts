import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OfferAdmin, PlansCatalogue, PriceQuote } from '@enlaza/contracts';
import { invoices } from '../../src/db/schema/index.js';
import { customerWithCard } from '../helpers/invoice-customers.js';
import { popplerText } from '../helpers/poppler.js';
import { callAs, signedInFreeCustomer, useAdminApp } from '../helpers/subscriber.js';

/**
 * The VAT of a plan follows the customer as the law places the supply (Directive 2006/112/EC,
 * articles 44, 58, 59c and 196): the plans page, the checkout quote and the invoice agree, the
 * invoice keeps the rule and prints its mention, and the tax chosen on an offer is the one used.
 */
const app = useAdminApp();

/** A Free customer in `country` (English), signed in, with a 4242 card. */
const customer = (country: string) => signedInFreeCustomer(app.t, { country });

/** The Pro monthly offer as the customer's plans page shows it. */
async function proMonthly(token: string) {
  const catalogue = (await callAs(app.t, token, 'GET', '/api/user/plans')).body.data as PlansCatalogue;
  return catalogue.plans.find((p) => p.code === 'pro')!.offers.find((o) => o.period.code === 'monthly')!;
}

/** Buys Pro monthly: the quote first, then the checkout; answers both and the invoice row. */
async function buyPro(buyer: Awaited<ReturnType<typeof customer>>) {
  const offer = await proMonthly(buyer.token);
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

const pdfText = async (token: string, invoiceId: string) => {
  const res = await app.t.app.inject({
    method: 'GET',
    url: `/api/invoices/${invoiceId}/pdf`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return popplerText(res.rawPayload);
};

describe('tax follows the customer', () => {
  it('a French business: an invalid VAT number is refused, a valid one gets the reverse charge on the page, the quote and the invoice', async () => {
    const buyer = await customer('FR');
    const details = {
      name: 'Société Exemple',
      phone: null,
      country: 'FR',
      billingAddress: { line1: '1 rue de Rivoli', line2: null, city: 'Paris', postalCode: '75001', region: null, country: 'FR' },
    };
    const wrong = await callAs(app.t, buyer.token, 'PUT', '/api/account/personal', { ...details, taxId: 'FR00303265045' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.taxId[0]).toMatch(/not a valid VAT number/);
    // A consumer in France meanwhile: the seller's VAT (far below the distance-sales threshold).
    expect((await proMonthly(buyer.token)).price).toMatchObject({ taxRule: 'eu_consumer_origin', taxRateBasisPoints: 2100 });

    const saved = await callAs(app.t, buyer.token, 'PUT', '/api/account/personal', { ...details, taxId: 'FR 40 303 265 045' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { offer, quote, invoice } = await buyPro(buyer);
    expect(offer.price).toMatchObject({ taxRule: 'eu_reverse_charge', taxName: 'VAT, reverse charge', taxRateBasisPoints: 0, taxCents: 0 });
    expect(offer.price.totalCents).toBe(offer.priceCents);
    expect(quote).toMatchObject({ taxRule: 'eu_reverse_charge', taxRateBasisPoints: 0, taxCents: 0, totalCents: offer.priceCents });
    expect(invoice).toMatchObject({ taxRule: 'eu_reverse_charge', invoiceType: 'F1', taxCents: 0, totalCents: offer.priceCents });
    // The buyer's VAT number as the invoice must show it: with its country prefix.
    expect(invoice.buyer).toMatchObject({ taxId: 'FR40303265045', country: 'FR' });
    const text = await pdfText(buyer.token, invoice.id);
    expect(text).toContain('Reverse charge: the VAT is to be accounted for by the customer (Article 196, Directive 2006/112/EC).');
    expect(text).toContain('FR40303265045');
    // The line's tax, as the invoice stores it (in the catalogue's language): not the catalogue's "IVA 21 %" at 0 %.
    expect(text).toContain('IVA, inversión del sujeto pasivo (0');
    const summary = await callAs(app.t, buyer.token, 'GET', `/api/invoices/${invoice.id}`);
    expect(summary.body.data.taxRule).toBe('eu_reverse_charge');
  });

  it('a customer outside the EU pays no VAT, with the mention of why', async () => {
    const buyer = await customer('JP');
    const { offer, quote, invoice } = await buyPro(buyer);
    expect(offer.price).toMatchObject({ taxRule: 'outside_eu', taxName: 'VAT, not subject', taxCents: 0 });
    expect(quote.totalCents).toBe(offer.priceCents);
    expect(invoice).toMatchObject({ taxRule: 'outside_eu', taxCents: 0, totalCents: offer.priceCents, invoiceType: 'F2' });
    expect(await pdfText(buyer.token, invoice.id)).toContain('Not subject to VAT: the place of supply is outside the EU');
  });

  it('the tax chosen on an offer is the one the page, the quote and the invoice use', async () => {
    const created = await callAs(app.t, app.admin, 'POST', '/api/admin/taxes', {
      names: { en: 'Reduced VAT', es: 'IVA reducido', jp: '軽減税率' },
      rateBasisPoints: 1000,
      isDefault: false,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const offers = (await callAs(app.t, app.admin, 'GET', '/api/admin/offers')).body.data as OfferAdmin[];
    const pro = offers.find((o) => o.name === 'Pro · Monthly')!;
    const { id, planId, billingPeriodId, accountTypeId, priceCents, visible } = pro;
    const edited = await callAs(app.t, app.admin, 'PUT', `/api/admin/offers/${id}`, {
      planId,
      billingPeriodId,
      accountTypeId,
      priceCents,
      visible,
      taxId: created.body.data.id,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    try {
      const buyer = await customer('ES');
      const { offer, quote, invoice } = await buyPro(buyer);
      expect(offer.price).toMatchObject({
        taxRule: 'domestic',
        taxName: 'Reduced VAT',
        taxRateBasisPoints: 1000,
        totalCents: Math.round(priceCents * 1.1),
      });
      expect(quote).toMatchObject({ taxName: 'Reduced VAT', taxRateBasisPoints: 1000, totalCents: offer.price.totalCents });
      expect(invoice).toMatchObject({ taxRule: 'domestic', totalCents: offer.price.totalCents });
      // The Yearly offer names no tax: still the default one.
      const yearly = (await callAs(app.t, buyer.token, 'GET', '/api/user/plans')).body.data as PlansCatalogue;
      expect(yearly.plans.find((p) => p.code === 'pro')!.offers.find((o) => o.period.code === 'yearly')!.price.taxRateBasisPoints).toBe(
        2100,
      );
    } finally {
      // Back to the default tax for the rest of the file, also when an assertion failed.
      await callAs(app.t, app.admin, 'PUT', `/api/admin/offers/${id}`, {
        planId,
        billingPeriodId,
        accountTypeId,
        priceCents,
        visible,
        taxId: null,
      });
    }
  });

  it('a German consumer: the seller’s VAT until the EU distance sales pass 10,000 €, then Germany’s through the OSS', async () => {
    // 9,990 € of distance sales already invoiced this year (to a consumer elsewhere in the EU).
    const { user, method } = await customerWithCard(app.t, { country: 'IT', taxId: 'ESX1234567L' });
    /** A sale of `cents` before tax to that consumer elsewhere in the EU, at the seller's VAT. */
    const distanceSale = (cents: number) => {
      const description = { en: 'Licence', es: 'Licencia', jp: 'ライセンス' };
      return app.t.app.payments.charge({
        userId: user.id,
        method,
        idempotencyKey: randomUUID(),
        purpose: 'renewal',
        description,
        subscriptionId: null,
        locale: 'en',
        lines: [{ description, quantity: 1, unitAmountCents: cents, taxId: null, taxName: 'IVA', taxRateBasisPoints: 2100 }],
        taxRule: 'eu_consumer_origin',
        apply: async () => {},
      });
    };
    await distanceSale(999_000);

    const buyer = await customer('DE');
    const before = await proMonthly(buyer.token);
    // 9,990 € + a 9 € plan stays within the threshold.
    expect(before.priceCents).toBeLessThan(1000);
    expect(before.price).toMatchObject({ taxRule: 'eu_consumer_origin', taxRateBasisPoints: 2100 });

    // 10 € more of distance sales: the next plan passes the threshold, and is taxed in Germany.
    await distanceSale(1000);
    const { offer, quote, invoice } = await buyPro(buyer);
    expect(offer.price).toMatchObject({ taxRule: 'eu_consumer_oss', taxRateBasisPoints: 1900, taxName: 'VAT DE' });
    expect(quote).toMatchObject({ taxRule: 'eu_consumer_oss', totalCents: offer.price.totalCents });
    expect(invoice).toMatchObject({ taxRule: 'eu_consumer_oss', totalCents: offer.price.totalCents });
    expect(await pdfText(buyer.token, invoice.id)).toContain(
      "VAT of the customer's Member State, declared through the One-Stop Shop (OSS).",
    );
  });
});
