import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EU_COUNTRIES, type EuVatRate, type PlansCatalogue, type PriceQuote } from '@enlaza/contracts';
import { EU_STANDARD_RATES } from '../helpers/eu-standard-rates.js';
import { customerWithCard } from '../helpers/invoice-customers.js';
import { callAs, signedInFreeCustomer, useAdminApp } from '../helpers/subscriber.js';
import { queueIdle } from '../helpers/test-app.js';

/**
 * The admin's table of the member states' standard VAT rates: what a consumer elsewhere in the EU
 * pays once the seller's distance sales pass 10,000 € (OSS). Seeded with the rates of 1 January
 * 2026; a rate the admin sets is the one the next quote and invoice bear. Admin only: see
 * admin-routes-are-admin-only.test.ts.
 */
const app = useAdminApp();

/** The Pro monthly offer as the customer's plans page shows it. */
async function proMonthly(token: string) {
  const catalogue = (await callAs(app.t, token, 'GET', '/api/user/plans')).body.data as PlansCatalogue;
  return catalogue.plans.find((p) => p.code === 'pro')!.offers.find((o) => o.period.code === 'monthly')!;
}

describe('the EU VAT rates', () => {
  it('list the 27 member states with the seeded standard rates, set by nobody yet', async () => {
    const listed = await callAs(app.t, app.admin, 'GET', '/api/admin/eu-vat-rates');
    expect(listed.status).toBe(200);
    const rates = listed.body.data as EuVatRate[];
    expect(rates.map((r) => r.country)).toEqual([...EU_COUNTRIES]);
    expect(Object.fromEntries(rates.map((r) => [r.country, r.rateBasisPoints]))).toEqual(EU_STANDARD_RATES);
    expect(rates.every((r) => r.updatedBy === null && !Number.isNaN(Date.parse(r.updatedAt)))).toBe(true);
  });

  it('refuse a rate that is not a whole number of basis points from 0 to 100 %, and an unknown country, in the reader’s language', async () => {
    for (const rateBasisPoints of [-1, 10_001, 19.5, '1900', null]) {
      const res = await callAs(app.t, app.admin, 'PUT', '/api/admin/eu-vat-rates/DE', { rateBasisPoints });
      expect(res.status, JSON.stringify(rateBasisPoints)).toBe(422);
      expect(res.body.errors.rateBasisPoints, JSON.stringify(rateBasisPoints)).toHaveLength(1);
    }
    const spanish = await app.t.app.inject({
      method: 'PUT',
      url: '/api/admin/eu-vat-rates/DE',
      headers: { authorization: `Bearer ${app.admin}`, 'accept-language': 'es' },
      payload: { rateBasisPoints: 10_001 },
    });
    expect(spanish.json().errors.rateBasisPoints[0]).toBe('El valor debe ser como máximo 10000.');
    for (const country of ['XX', 'de', 'US', 'GB']) {
      const res = await callAs(app.t, app.admin, 'PUT', `/api/admin/eu-vat-rates/${country}`, { rateBasisPoints: 2000 });
      expect(res.status, country).toBe(404);
      expect(res.body).toMatchObject({ code: 'record.not_found', message: 'This record does not exist or is not yours.' });
    }
    // Nothing was changed by the refusals.
    const rates = (await callAs(app.t, app.admin, 'GET', '/api/admin/eu-vat-rates')).body.data as EuVatRate[];
    expect(rates.find((r) => r.country === 'DE')).toMatchObject({ rateBasisPoints: 1900, updatedBy: null });
  });

  it('a rate set by the admin is the one the next plans page, quote and invoice of a German consumer past the threshold bear', async () => {
    // 10,000 € of distance sales already invoiced this year (to a consumer elsewhere in the EU): the next sale is past the threshold.
    const { user, method } = await customerWithCard(app.t, { country: 'IT', taxId: 'ESX1234567L' });
    const description = { en: 'Licence', es: 'Licencia', jp: 'ライセンス' };
    await app.t.app.payments.charge({
      userId: user.id,
      method,
      idempotencyKey: randomUUID(),
      purpose: 'renewal',
      description,
      subscriptionId: null,
      locale: 'en',
      lines: [{ description, quantity: 1, unitAmountCents: 1_000_000, taxId: null, taxName: 'IVA', taxRateBasisPoints: 2100 }],
      taxRule: 'eu_consumer_origin',
      apply: async () => {},
    });

    const buyer = await signedInFreeCustomer(app.t, { country: 'DE' });
    const before = await proMonthly(buyer.token);
    expect(before.price).toMatchObject({ taxRule: 'eu_consumer_oss', taxRateBasisPoints: 1900, taxName: 'VAT DE' });

    const set = await callAs(app.t, app.admin, 'PUT', '/api/admin/eu-vat-rates/DE', { rateBasisPoints: 2000 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({
      country: 'DE',
      rateBasisPoints: 2000,
      updatedBy: { id: expect.any(String), name: expect.any(String) },
    });
    const listed = (await callAs(app.t, app.admin, 'GET', '/api/admin/eu-vat-rates')).body.data as EuVatRate[];
    expect(listed.find((r) => r.country === 'DE')).toEqual(set.body.data);
    expect(listed.find((r) => r.country === 'FR')).toMatchObject({ rateBasisPoints: 2000, updatedBy: null });

    // The plans page this process keeps for the customer's state is made again with the new rate.
    const offer = await proMonthly(buyer.token);
    expect(offer.price).toMatchObject({ taxRule: 'eu_consumer_oss', taxRateBasisPoints: 2000, taxName: 'VAT DE' });
    expect(offer.price.totalCents).toBe(Math.round(offer.priceCents * 1.2));
    const quote = await callAs(app.t, buyer.token, 'POST', '/api/user/checkout/quote', { offerId: offer.id });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data.price as PriceQuote).toMatchObject({
      taxRule: 'eu_consumer_oss',
      taxRateBasisPoints: 2000,
      totalCents: offer.price.totalCents,
    });
    const paid = await callAs(app.t, buyer.token, 'POST', '/api/user/checkout', {
      offerId: offer.id,
      methodId: buyer.methodId,
      idempotencyKey: randomUUID(),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const invoice = await callAs(app.t, buyer.token, 'GET', `/api/invoices/${paid.body.data.payment.invoiceId}`);
    expect(invoice.body.data).toMatchObject({ taxRule: 'eu_consumer_oss', totalCents: offer.price.totalCents });

    // In the admin history with the rate before and after; setting the same rate again records nothing.
    expect((await callAs(app.t, app.admin, 'PUT', '/api/admin/eu-vat-rates/DE', { rateBasisPoints: 2000 })).status).toBe(200);
    await queueIdle(app.t.app, 'event.');
    const history = (await callAs(app.t, app.admin, 'GET', '/api/admin/historial?action=admin.eu_vat_rate_updated')).body.data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      targetType: 'eu_vat_rate',
      targetId: 'DE',
      before: { country: 'DE', rateBasisPoints: 1900 },
      after: { country: 'DE', rateBasisPoints: 2000 },
    });
  });
});
