import type { Locale } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import { formatAmount, formatDay, renderBillingEmail, type BillingEmailInput, type BillingEmailKind } from '../../lib/billing-emails.js';
import { localName } from '../../lib/catalogue-names.js';
import { translate } from '../../lib/i18n.js';
import type { EventBus } from '../../platform/events.js';
import type { Mailer } from '../../platform/mailer.js';
import { notificationRecipient } from '../account/index.js';
import type { RenewalsRepository } from './repository.js';

type Deps = {
  db: Database;
  repo: Pick<RenewalsRepository, 'load'>;
  events: Pick<EventBus, 'subscribe'>;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  /** The seller's time zone: the days written in the emails are its calendar's, as on the invoices. */
  timeZone: string;
};

/** What every one of these emails needs of the subscription: its owner's address and language, and the plan's name in it. */
type Context = { to: { email: string; name: string }; locale: Locale; planName: string; isFree: boolean };

/**
 * The customer's emails about their plan: the renewal reminder, a failed renewal, the end of a paid
 * plan. They are about money, so they go out whatever the customer chose for notification emails
 * (the in-app notifications keep following Opciones). Each is keyed by the fact it tells (the
 * period, the attempt, the subscription), so a redelivered event sends no second email.
 */
export async function subscribeCustomerEmails({ db, repo, events, mailer, publicUrl, timeZone }: Deps): Promise<void> {
  async function contextOf(userId: string, subscriptionId: string): Promise<Context | undefined> {
    const to = await notificationRecipient(db, userId);
    const loaded = await repo.load(subscriptionId);
    if (!to || !loaded) return undefined; // erased meanwhile
    const locale = to.locale ?? 'en';
    return { to, locale, planName: localName(loaded.plan, locale), isFree: loaded.plan.isFree };
  }

  async function send(userId: string, c: Context, kind: BillingEmailKind, input: Omit<BillingEmailInput, 'name'>, key: string) {
    const email = renderBillingEmail(c.locale, kind, { name: c.to.name, ...input });
    await mailer.send({ to: c.to.email, userId, kind: 'system', ...email }, { idempotencyKey: key });
  }

  const day = (c: Context, instant: string) => formatDay(instant, c.locale, timeZone);

  await events.subscribe(
    'renewal.reminder_due',
    'email-customer',
    async ({ subscriptionId, userId, endsAt, amountCents, currency, card }) => {
      const c = await contextOf(userId, subscriptionId);
      if (!c) return;
      const amount = amountCents === null ? '—' : formatAmount(amountCents, currency, c.locale);
      const cardText = card ? `${card.brand} •••• ${card.last4}` : translate(c.locale, 'email.billing.renewal_reminder.no_card');
      const values = { plan: c.planName, date: day(c, endsAt), amount, card: cardText };
      const facts: BillingEmailInput['facts'] = [
        ['plan', c.planName],
        ['renews_on', values.date],
        ['amount_with_tax', amount],
        ['card', cardText],
      ];
      await send(
        userId,
        c,
        'renewal_reminder',
        { values, facts, link: `${publicUrl}/user/myplan` },
        `renewal-reminder:${subscriptionId}:${endsAt}`,
      );
    },
  );

  await events.subscribe(
    'renewal.payment_failed',
    'email-customer',
    async ({ subscriptionId, userId, periodEnd, attempt, reason, nextAttemptAt }) => {
      const c = await contextOf(userId, subscriptionId);
      if (!c) return;
      // The decline's own sentence (payment.card_declined…); no card at all has none of the provider's.
      const why = translate(c.locale, reason === 'payment.no_method' ? 'email.billing.payment_failed.no_method' : reason);
      const next = nextAttemptAt ? day(c, nextAttemptAt) : '—';
      const values = { plan: c.planName, reason: why, date: next };
      await send(
        userId,
        c,
        'payment_failed',
        {
          values,
          extra: [nextAttemptAt ? 'retry' : 'last'],
          facts: [
            ['plan', c.planName],
            ['reason', why],
            ['next_retry', next],
          ],
          // No card to charge (paid from its page): Pagos, where the waiting payment is; else the methods to fix.
          link: reason === 'payment.pay_from_link' ? `${publicUrl}/user/pagos` : `${publicUrl}/user/methods`,
        },
        `renewal-failed:${subscriptionId}:${periodEnd}:${attempt}`,
      );
    },
  );

  await events.subscribe(
    'renewal.action_required',
    'email-customer',
    async ({ subscriptionId, userId, paymentId, amountCents, currency, periodEnd, purpose, waitingFor }) => {
      const c = await contextOf(userId, subscriptionId);
      if (!c) return;
      const amount = formatAmount(amountCents, currency, c.locale);
      await send(
        userId,
        c,
        // Seats added in the period: the same page to confirm, its own words (the plan is not past due).
        // No card to charge (Bizum only): the customer pays the renewal from the link, never charged automatically.
        purpose === 'seats'
          ? 'seats_authentication_required'
          : waitingFor === 'payment'
            ? 'renewal_payment_link'
            : 'authentication_required',
        {
          values: { plan: c.planName, amount },
          facts: [
            ['plan', c.planName],
            ['amount_with_tax', amount],
            ['renews_on', day(c, periodEnd)],
          ],
          // The payment's page, where the customer authenticates it (or pays it).
          link: `${publicUrl}/user/pagos/${paymentId}`,
        },
        `renewal-action-required:${paymentId}`,
      );
    },
  );

  await events.subscribe('subscription.ended', 'email-customer', async ({ subscriptionId, userId, endedAt }) => {
    const c = await contextOf(userId, subscriptionId);
    // Only a paid plan's end is news: the Free plan is what the customer falls back to.
    if (!c || c.isFree) return;
    const since = day(c, endedAt);
    await send(
      userId,
      c,
      'subscription_ended',
      {
        values: { plan: c.planName, date: since },
        extra: ['kept'],
        facts: [
          ['plan', c.planName],
          ['free_since', since],
        ],
        link: `${publicUrl}/user/plans`,
      },
      // A subscription ends once (cancelled and expired are final).
      `subscription-ended:${subscriptionId}`,
    );
  });
}
