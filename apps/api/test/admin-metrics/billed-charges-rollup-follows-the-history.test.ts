import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminMetricsRepository } from '../../src/modules/admin-metrics/repository.js';
import type { InvoiceLineInput } from '../../src/modules/invoices/index.js';
import { recordSubscriptionEvent } from '../../src/modules/subscriptions/index.js';
import type { Transaction } from '../../src/db/client.js';
import { daysAgo, paidWithLines, subscribe } from '../helpers/billing-fixture.js';
import { bearer, insertUser } from '../helpers/test-app.js';
import { useAdminApp } from '../helpers/subscriber.js';

/**
 * MRR reads what each subscription is billed from the `subscription_billed_charges` rollup that the
 * database keeps (admin-metrics/schema.ts). Here it must equal the rule computed straight from the
 * history, invoices and lines (docs/billing.md, "The admin dashboard") at any instant, whatever the
 * order the rows were written in: a charge backdated before a newer one, an event written before
 * its invoice, two charges at the same instant, add-on charges and credit notes (left out), a
 * payment id that is not one (the offer's price counts).
 */
const app = useAdminApp();

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(result: Rows<T>): T[] => (Array.isArray(result) ? result : result.rows);

/** The MRR rule as the dashboard defines it, one correlated look-up per subscription (no rollup). */
async function mrrByTheRule(at: Date) {
  const when = sql`${at.toISOString()}::timestamptz`;
  const [row] = rowsOf<{ mrr: string | null }>(
    (await app.t.db.execute(sql`
      select round(sum(coalesce(
        (select sum(l.base_cents::numeric / greatest(1, round((l.period_end - l.period_start) / 30.436875)))
           from invoices i join invoice_lines l on l.invoice_id = i.id
           where i.kind = 'invoice' and l.base_cents > 0 and l.period_start is not null and i.payment_id = (
             select case when e.detail ->> 'paymentId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                    then (e.detail ->> 'paymentId')::uuid end
             from subscription_events e
             where e.subscription_id = s.id and e.kind in ('created', 'upgraded', 'renewed') and e.at <= ${when}
               and e.detail ->> 'paymentId' is not null
             order by e.at desc, e.id desc limit 1)),
        o.price_cents::numeric / greatest(bp.months, 1)))) as mrr
      from subscriptions s join plans p on p.id = s.plan_id join offers o on o.id = s.offer_id
      left join billing_periods bp on bp.id = o.billing_period_id
      where not p.is_free and s.status in ('active', 'past_due')`)) as unknown as Rows<{ mrr: string | null }>,
  );
  return Number(row?.mrr ?? 0);
}

const planLine = (baseCents: number, start: Date, months: number): InvoiceLineInput => {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + months);
  return {
    description: { en: 'Plan', es: 'Plan', jp: 'プラン' },
    quantity: 1,
    unitAmountCents: baseCents,
    taxId: null,
    taxName: 'IVA 21 %',
    taxRateBasisPoints: 2100,
    period: { start, end },
  };
};

/**
 * A payment at `when` with an invoice of `lines`, and (unless `event` is null) the history event
 * naming it; `eventFirst` writes the event before the invoice, in the same transaction.
 */
async function charge(
  userId: string,
  subscriptionId: string,
  lines: InvoiceLineInput[],
  when: Date,
  { event = 'renewed', eventFirst = false }: { event?: 'created' | 'upgraded' | 'renewed' | 'add_on' | null; eventFirst?: boolean } = {},
) {
  const record = (tx: Transaction, payment: { id: string; amountCents: number }) =>
    event
      ? recordSubscriptionEvent(tx, {
          subscriptionId,
          kind: event,
          detail: { paymentId: payment.id, amountCents: payment.amountCents },
          at: when,
        })
      : Promise.resolve();
  // Charged by the sandbox, so a credit note can refund it.
  return paidWithLines(app.t, userId, subscriptionId, lines, when, eventFirst ? { beforeInvoice: record } : { afterInvoice: record });
}

describe('the billed charges rollup', () => {
  it('gives the MRR of the rule at any instant, whatever order the history was written in', async () => {
    const repo = createAdminMetricsRepository(app.t.db);
    const old = { createdAt: daysAgo(200) };
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map((n) => insertUser(app.t.db, { ...old, name: `Rollup ${n}` })));
    const before = { now: await repo.mrrCents(new Date()), then: await repo.mrrCents(daysAgo(30)) };

    // A, Pro monthly: 9.00 € 50 days ago, 10.00 € 20 days ago, then 11.00 € 35 days ago written last (backdated).
    const sa = await subscribe(app.t, a!.id, 'pro', 'monthly', { ...old, currentPeriodStart: daysAgo(5) });
    await charge(a!.id, sa.subscription.id, [planLine(900, daysAgo(50), 1)], daysAgo(50), { event: 'created' });
    await charge(a!.id, sa.subscription.id, [planLine(1000, daysAgo(20), 1)], daysAgo(20));
    await charge(a!.id, sa.subscription.id, [planLine(1100, daysAgo(35), 1)], daysAgo(35));
    // B, Business yearly, past due: upgraded 40 days ago with the event written before its invoice
    // (240.00 € a year = 20.00 € a month), then an add-on charged 10 days ago (its own event kind: left out).
    const sb = await subscribe(app.t, b!.id, 'business', 'yearly', { ...old, status: 'past_due' });
    await charge(b!.id, sb.subscription.id, [planLine(24000, daysAgo(40), 12)], daysAgo(40), { event: 'upgraded', eventFirst: true });
    await charge(b!.id, sb.subscription.id, [planLine(500, daysAgo(10), 1)], daysAgo(10), { event: 'add_on' });
    // C: its only charging event names something that is not a payment id: the offer's price counts.
    const sc = await subscribe(app.t, c!.id, 'pro', 'monthly', old);
    await recordSubscriptionEvent(app.t.db, {
      subscriptionId: sc.subscription.id,
      kind: 'renewed',
      detail: { paymentId: 'legacy-42' },
      at: daysAgo(3),
    });
    // D: two charges at the same instant (the later id wins, as in the rule) and a failed one after them.
    const sd = await subscribe(app.t, d!.id, 'business', 'monthly', old);
    const same = daysAgo(15);
    await charge(d!.id, sd.subscription.id, [planLine(2900, same, 1)], same, { event: 'created' });
    await charge(d!.id, sd.subscription.id, [planLine(3100, same, 1)], same);
    await recordSubscriptionEvent(app.t.db, {
      subscriptionId: sd.subscription.id,
      kind: 'payment_failed',
      detail: { paymentId: randomUUID() },
      at: daysAgo(1),
    });
    // E: Pro monthly, its invoice refunded in full by a credit note (MRR counts what was billed).
    const se = await subscribe(app.t, e!.id, 'pro', 'monthly', { ...old, currentPeriodStart: daysAgo(2) });
    const billed = await charge(e!.id, se.subscription.id, [planLine(900, daysAgo(2), 1)], daysAgo(2), { event: 'created' });
    const credit = await app.t.app.inject({
      method: 'POST',
      url: `/api/admin/invoices/${billed.invoice.id}/credit-notes`,
      headers: bearer(app.admin),
      payload: { reason: 'refund' },
    });
    expect(credit.statusCode, credit.body).toBe(201);

    const instants = [new Date(), daysAgo(1), daysAgo(15), daysAgo(20), daysAgo(30), daysAgo(35), daysAgo(36), daysAgo(45), daysAgo(60)];
    for (const at of instants) expect(await repo.mrrCents(at), at.toISOString()).toBe(await mrrByTheRule(at));

    // Now: A 1000, B 2000, C its offer's price, D 3100 or 2900 (the tie by id), E 900 unless its credit ended it.
    const now = await repo.mrrCents(new Date());
    const [dWins] = rowsOf<{ base: number }>(
      (await app.t.db.execute(sql`
        select l.base_cents as base from subscription_events ev join invoices i on i.payment_id = (ev.detail ->> 'paymentId')::uuid
        join invoice_lines l on l.invoice_id = i.id
        where ev.subscription_id = ${sd.subscription.id} and ev.kind in ('created', 'renewed') order by ev.at desc, ev.id desc limit 1`)) as unknown as Rows<{
        base: number;
      }>,
    );
    const [eRow] = rowsOf<{ status: string }>(
      (await app.t.db.execute(sql`select status from subscriptions where id = ${se.subscription.id}`)) as unknown as Rows<{
        status: string;
      }>,
    );
    const eCounts = ['active', 'past_due'].includes(eRow!.status) ? 900 : 0;
    expect(now).toBe(before.now + 1000 + 2000 + sc.offer.priceCents + Number(dWins!.base) + eCounts);
    // 30 days ago: A's backdated 11.00 € (35 days ago) was in force; B 2000; C, D and E not charged yet (their offers' prices).
    expect(await repo.mrrCents(daysAgo(30))).toBe(
      before.then + 1100 + 2000 + sc.offer.priceCents + sd.offer.priceCents + (eCounts && se.offer.priceCents),
    );
  });
});
