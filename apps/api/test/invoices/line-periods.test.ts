import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceLines, payments, subscriptions } from '../../src/db/schema/index.js';
import { localDate } from '../../src/lib/time-zone.js';
import { popplerText } from '../helpers/poppler.js';
import { callAs, checkoutSubscriber, useAdminApp } from '../helpers/subscriber.js';

/**
 * An invoice line that charges a period of service says which (Directive 2006/112/EC, article 226
 * (7), the date of supply): a plan's period, what is left of the old plan credited on an upgrade,
 * an add-on's months; as days of the seller's calendar (Europe/Madrid by default), printed under
 * the line's description.
 */
const app = useAdminApp();
const day = (instant: Date) => localDate(instant, 'Europe/Madrid');
const linesOf = (invoiceId: string) =>
  app.t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(invoiceLines.position);

describe('the period of service of each invoice line', () => {
  it('a plan, the credit of an upgrade and an add-on each print their period', async () => {
    const s = await checkoutSubscriber(app.t, 'pro', 'monthly');
    const [subscription] = await app.t.db.select().from(subscriptions).where(eq(subscriptions.id, s.subscriptionId));
    const [plan] = await linesOf(s.payment.invoiceId);
    expect(plan).toMatchObject({ periodStart: day(subscription!.currentPeriodStart), periodEnd: day(subscription!.currentPeriodEnd!) });
    const pdf = await app.t.app.inject({
      method: 'GET',
      url: `/api/invoices/${s.payment.invoiceId}/pdf`,
      headers: { authorization: `Bearer ${s.token}` },
    });
    // The customer's language is Spanish (checkoutSubscriber).
    expect(await popplerText(pdf.rawPayload)).toContain(`Periodo: ${plan!.periodStart} – ${plan!.periodEnd}`);

    // Upgrade to Business: the new period, and the unused part of Pro's credited up to its end.
    const catalogue = (await callAs(app.t, s.token, 'GET', '/api/user/plans')).body.data;
    const business = catalogue.plans
      .find((p: { code: string }) => p.code === 'business')
      .offers.find((o: { period: { code: string } }) => o.period.code === 'monthly');
    const methods = (await callAs(app.t, s.token, 'GET', '/api/user/methods')).body.data;
    const upgrade = await callAs(app.t, s.token, 'POST', '/api/user/checkout', {
      offerId: business.id,
      methodId: methods[0].id,
      idempotencyKey: 'upgrade-to-business',
    });
    expect(upgrade.status, JSON.stringify(upgrade.body)).toBe(200);
    const [upgraded] = await app.t.db.select().from(subscriptions).where(eq(subscriptions.id, s.subscriptionId));
    const [charge, credit] = await linesOf(upgrade.body.data.payment.invoiceId);
    expect(charge).toMatchObject({ periodStart: day(upgraded!.currentPeriodStart), periodEnd: day(upgraded!.currentPeriodEnd!) });
    expect(credit!.unitAmountCents).toBeLessThan(0);
    expect(credit).toMatchObject({ periodStart: day(upgraded!.currentPeriodStart), periodEnd: day(subscription!.currentPeriodEnd!) });

    // An add-on lasts until the period's end.
    const addOn = (await callAs(app.t, s.token, 'GET', '/api/user/paquetes')).body.data.addOns[0];
    const bought = await callAs(app.t, s.token, 'POST', '/api/user/paquetes', {
      addOnId: addOn.id,
      methodId: methods[0].id,
      idempotencyKey: 'add-on-purchase',
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const [payment] = await app.t.db.select().from(payments).where(eq(payments.id, bought.body.data.payment.id));
    const [extra] = await linesOf(payment!.invoiceId!);
    expect(extra).toMatchObject({ periodStart: day(payment!.createdAt), periodEnd: day(upgraded!.currentPeriodEnd!) });
  });
});
