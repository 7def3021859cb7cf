import type { Database } from '../../db/client.js';
import { formatAmount, formatDay, renderBillingEmail } from '../../lib/billing-emails.js';
import type { EventBus } from '../../platform/events.js';
import type { Mailer } from '../../platform/mailer.js';
import { notificationRecipient } from '../account/index.js';
import type { InvoicesService } from './service.js';

type Deps = {
  db: Database;
  events: Pick<EventBus, 'subscribe'>;
  mailer: Pick<Mailer, 'send'>;
  invoices: Pick<InvoicesService, 'forReceipt'>;
  publicUrl: string;
  /** The seller's time zone: the receipt's date is the invoice's issue day. */
  timeZone: string;
};

/**
 * The receipt of every charge that issued an invoice (checkout, upgrade, add-on, renewal, a past-due
 * retry), with the invoice's PDF attached, in the customer's saved language. It is about money, so it
 * is sent whatever the customer chose for notification emails. The delivery's key is the invoice:
 * a redelivered `invoice.issued` finds the delivery already queued and sends nothing more.
 */
export async function subscribeReceipts({ db, events, mailer, invoices, publicUrl, timeZone }: Deps): Promise<void> {
  await events.subscribe('invoice.issued', 'email-receipt', async ({ invoiceId, userId, kind, awaitingPayment }) => {
    // A credit note is the admin's correction, told in the credit flow, not a payment received; a
    // debit still settling is not received yet either (its receipt comes with `payment.settled`).
    if (kind !== 'invoice' || awaitingPayment) return;
    await sendReceipt(invoiceId, userId);
  });
  await events.subscribe('payment.settled', 'email-receipt', async ({ invoiceId, userId }) => {
    if (invoiceId) await sendReceipt(invoiceId, userId);
  });

  async function sendReceipt(invoiceId: string, userId: string): Promise<void> {
    const to = await notificationRecipient(db, userId);
    if (!to) return; // the account was erased meanwhile
    const locale = to.locale ?? 'en';
    const receipt = await invoices.forReceipt(invoiceId, locale);
    if (!receipt) return;
    const { invoice, pdf } = receipt;
    const amount = formatAmount(invoice.totalCents, invoice.currency, locale);
    // What was sold: the charged lines (an upgrade's credit for the unused old plan is a negative line).
    const items = invoice.lines
      .filter((line) => line.unitAmountCents > 0)
      .map((line) => line.description)
      .join('; ');
    const email = renderBillingEmail(locale, 'receipt', {
      name: to.name,
      values: { amount, items, number: invoice.number },
      // Nothing to pay (a plan change's credit or the balance paid it): said, so 0.00 does not read as an error.
      ...(invoice.totalCents === 0 ? { extra: ['covered'] } : {}),
      facts: [
        ['amount', amount],
        ['items', items],
        ['invoice', invoice.number],
        ['date', formatDay(invoice.issuedAt, locale, timeZone)],
      ],
      link: `${publicUrl}/user/pagos`,
    });
    await mailer.send(
      {
        to: to.email,
        userId,
        kind: 'system',
        ...email,
        attachments: [{ filename: `${invoice.number}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
      },
      { idempotencyKey: `receipt:${invoiceId}` },
    );
  }
}
