import type { Database } from '../../db/client.js';
import { formatAmount, renderBillingEmail } from '../../lib/billing-emails.js';
import type { EventBus } from '../../platform/events.js';
import type { Mailer } from '../../platform/mailer.js';
import { notificationRecipient } from '../account/index.js';
import { translate } from '../../lib/i18n.js';
import { eq } from 'drizzle-orm';
import { payments } from './schema.js';

type Deps = {
  db: Database;
  events: Pick<EventBus, 'subscribe'>;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
};

/**
 * The customer's email about a returned debit: what was undone (the invoice and its credit note).
 * About money, so it goes out whatever the customer chose for notification emails; keyed by the
 * payment, so a redelivered event sends nothing more.
 */
export async function subscribePaymentEmails({
  db,
  events,
  mailer,
  publicUrl,
}: Omit<Deps, 'timeZone'> & { timeZone?: string }): Promise<void> {
  await events.subscribe(
    'payment.reversed',
    'email-customer',
    async ({ paymentId, userId, amountCents, currency, reason, invoiceNumber, creditNoteNumber }) => {
      const to = await notificationRecipient(db, userId);
      if (!to) return; // erased meanwhile
      const locale = to.locale ?? 'en';
      const [payment] = await db.select({ description: payments.description }).from(payments).where(eq(payments.id, paymentId));
      const amount = formatAmount(amountCents, currency, locale);
      const items = payment ? payment.description[locale] || payment.description.en : '';
      const email = renderBillingEmail(locale, 'debit_failed', {
        name: to.name,
        values: { amount, items, number: invoiceNumber ?? '—', credit_note: creditNoteNumber ?? '—' },
        facts: [
          ['amount', amount],
          ['items', items],
          ['reason', translate(locale, reason)],
          ['invoice', invoiceNumber ?? '—'],
          ['credit_note', creditNoteNumber ?? '—'],
        ],
        link: `${publicUrl}/user/pagos`,
      });
      await mailer.send({ to: to.email, userId, kind: 'system', ...email }, { idempotencyKey: `payment-reversed:${paymentId}` });
    },
  );
}
