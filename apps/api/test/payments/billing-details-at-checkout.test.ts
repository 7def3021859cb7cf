import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BillingDetails, CheckoutQuote, Payment, PlansCatalogue } from '@enlaza/contracts';
import { accountTypes, invoices, payments } from '../../src/db/schema/index.js';
import { callAs, signedInFreeCustomer, useAdminApp } from '../helpers/subscriber.js';
import type { insertUser } from '../helpers/test-app.js';

/**
 * What an invoice needs of its buyer is asked before paying: a Business account's tax id and address
 * (a full invoice names them), saved from the pay dialog, with the VAT that follows from them in
 * the quote before the charge; the customer finds each credit note of their invoices in Pagos.
 */
const app = useAdminApp();

/** A Free customer of account type `type` (English), signed in, with a 4242 card. */
async function customer(type: 'personal' | 'business', values: Parameters<typeof insertUser>[1] = {}) {
  const [accountType] = await app.t.db.select().from(accountTypes).where(eq(accountTypes.code, type));
  return signedInFreeCustomer(app.t, { accountTypeId: accountType!.id, ...values });
}

async function proMonthly(token: string) {
  const catalogue = (await callAs(app.t, token, 'GET', '/api/user/plans')).body.data as PlansCatalogue;
  return catalogue.plans.find((p) => p.code === 'pro')!.offers.find((o) => o.period.code === 'monthly')!;
}

const quote = async (token: string, offerId: string) => {
  const res = await callAs(app.t, token, 'POST', '/api/user/checkout/quote', { offerId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as CheckoutQuote;
};

const checkout = (buyer: { token: string; methodId: string }, offerId: string) =>
  callAs(app.t, buyer.token, 'POST', '/api/user/checkout', { offerId, methodId: buyer.methodId, idempotencyKey: randomUUID() });

const FRENCH_COMPANY = {
  taxId: 'FR 40 303 265 045',
  billingAddress: { line1: '1 rue de Rivoli', line2: null, city: 'Paris', postalCode: '75001', region: null, country: 'FR' },
};

describe('billing details at checkout', () => {
  it('a Business account without a tax id and address is asked for them, charged nothing until it gives them, and then pays under the VAT they decide', async () => {
    const buyer = await customer('business', { country: 'FR' });
    const before = (await callAs(app.t, buyer.token, 'GET', '/api/account/billing')).body.data as BillingDetails;
    expect(before).toMatchObject({
      requiresTaxId: true,
      taxId: null,
      billingAddress: null,
      country: 'FR',
      missing: ['taxId', 'billingAddress'],
    });
    const offer = await proMonthly(buyer.token);
    // The quote says what the invoice lacks; the checkout refuses before the card is charged.
    expect((await quote(buyer.token, offer.id)).missing).toEqual(['taxId', 'billingAddress']);
    const refused = await checkout(buyer, offer.id);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('billing.details_required');
    expect(refused.body.message).toMatch(/tax id and billing address/);
    expect(await app.t.db.select().from(payments).where(eq(payments.userId, buyer.user.id))).toHaveLength(0);

    // The dialog's form: a VAT number that is not valid for the address's country stays on its field; nothing is saved.
    const wrong = await callAs(app.t, buyer.token, 'PUT', '/api/account/billing', { ...FRENCH_COMPANY, taxId: 'FR00303265045' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.taxId[0]).toMatch(/not a valid VAT number/);
    const incomplete = await callAs(app.t, buyer.token, 'PUT', '/api/account/billing', {
      ...FRENCH_COMPANY,
      billingAddress: { ...FRENCH_COMPANY.billingAddress, city: '' },
    });
    expect(incomplete.status).toBe(422);
    expect(Object.keys(incomplete.body.errors)).toEqual(['billingAddress.city']);
    expect(((await callAs(app.t, buyer.token, 'GET', '/api/account/billing')).body.data as BillingDetails).taxId).toBeNull();

    const saved = await callAs(app.t, buyer.token, 'PUT', '/api/account/billing', FRENCH_COMPANY);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ taxId: 'FR 40 303 265 045', missing: [] });
    // A French business with a valid VAT number: the quote now shows the reverse charge, and nothing is missing.
    const after = await quote(buyer.token, offer.id);
    expect(after.missing).toEqual([]);
    expect(after.price).toMatchObject({ taxRule: 'eu_reverse_charge', taxCents: 0, totalCents: 900 });

    const paid = await checkout(buyer, offer.id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.payment.amountCents).toBe(900);
    const [invoice] = await app.t.db.select().from(invoices).where(eq(invoices.id, paid.body.data.payment.invoiceId));
    expect(invoice!.invoiceType).toBe('F1');
    expect(invoice!.buyer).toMatchObject({ taxId: 'FR40303265045', country: 'FR' });
    // The personal information shows what the dialog saved.
    const personal = (await callAs(app.t, buyer.token, 'GET', '/api/account/personal')).body.data;
    expect(personal).toMatchObject({ taxId: 'FR 40 303 265 045', billingAddress: FRENCH_COMPANY.billingAddress });
  });

  it('a Personal account below the simplified invoice limit is asked for nothing, and the sandbox says it is a test provider', async () => {
    const buyer = await customer('personal', { country: 'ES' });
    expect(((await callAs(app.t, buyer.token, 'GET', '/api/account/billing')).body.data as BillingDetails).missing).toEqual([]);
    const offer = await proMonthly(buyer.token);
    expect((await quote(buyer.token, offer.id)).missing).toEqual([]);
    expect((await checkout(buyer, offer.id)).status).toBe(200);
    const provider = await callAs(app.t, buyer.token, 'GET', '/api/user/payment-provider');
    expect(provider.body.data).toEqual({
      name: 'sandbox',
      testMode: true,
      methodKinds: ['card', 'sepa_debit'],
      publishableKey: null,
      bizum: false,
    });
  });

  it('Pagos lists the credit notes of an invoice, and only their owner downloads them', async () => {
    const buyer = await customer('personal', { country: 'ES' });
    const offer = await proMonthly(buyer.token);
    const paid = await checkout(buyer, offer.id);
    const invoiceId = paid.body.data.payment.invoiceId as string;
    const first = await callAs(app.t, app.admin, 'POST', `/api/admin/invoices/${invoiceId}/credit-notes`, {
      amountCents: 500,
      reason: 'Goodwill',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const rest = await callAs(app.t, app.admin, 'POST', `/api/admin/invoices/${invoiceId}/credit-notes`, { reason: 'Cancelled' });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);

    const list = (await callAs(app.t, buyer.token, 'GET', '/api/user/pagos')).body.data as Payment[];
    const payment = list.find((p) => p.invoiceId === invoiceId)!;
    expect(payment.creditNotes.map((n) => n.totalCents)).toEqual([-500, -589]);
    expect(payment.creditNotes.every((n) => /^R\d{4}-\d{6}$/.test(n.number))).toBe(true);

    const pdf = (token: string) =>
      app.t.app.inject({
        method: 'GET',
        url: `/api/invoices/${payment.creditNotes[0]!.id}/pdf`,
        headers: { authorization: `Bearer ${token}` },
      });
    const own = await pdf(buyer.token);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const stranger = await customer('personal');
    expect((await pdf(stranger.token)).statusCode).toBe(404);
  });
});
