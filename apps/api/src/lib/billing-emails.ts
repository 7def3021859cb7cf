import type { Locale } from '@enlaza/contracts';
import { EMAIL_THEME, emailButton } from './email-theme.js';
import { HEADING, linkHint, mailboxLayout, muted, type RenderedEmail } from './email-templates.js';
import { escapeHtml } from './html.js';
import { translate } from './i18n.js';

/** The customer's emails about money; each is `email.billing.<kind>.*` in locales/*.json. */
export type BillingEmailKind =
  | 'receipt'
  | 'renewal_reminder'
  | 'payment_failed'
  | 'subscription_ended'
  | 'authentication_required'
  | 'seats_authentication_required'
  | 'renewal_payment_link'
  | 'debit_failed';

/** `ja` for Intl: the product calls Japanese `jp`. */
const tagOf = (locale: Locale) => (locale === 'jp' ? 'ja' : locale);

/** An amount as the customer's language writes it (`10,89 €`, `€10.89`, `€11`). */
export function formatAmount(cents: number, currency: string, locale: Locale): string {
  try {
    return new Intl.NumberFormat(tagOf(locale), { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** A day as the customer's language writes it, in the seller's calendar (the one invoices are dated by). */
export function formatDay(instant: Date | string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(tagOf(locale), { dateStyle: 'long', timeZone }).format(new Date(instant));
}

export type BillingEmailInput = {
  name: string;
  /** The placeholders of the subject and paragraphs (already formatted for the language). */
  values: Record<string, string>;
  /** Paragraph keys under `email.billing.<kind>.` after `body` (a retry's date, the last attempt…). */
  extra?: string[];
  /** Label keys under `email.billing.label.` and their values, shown as a small table. */
  facts: [label: string, value: string][];
  /** Where the button leads (absolute). */
  link: string;
};

/**
 * A receipt, a renewal reminder, a failed renewal or the end of a plan, in the customer's language:
 * the same page as the notification emails (styles inline, as every mail client keeps them), a table
 * of the facts, a button, and a note saying why it came although notification emails may be off.
 */
export function renderBillingEmail(locale: Locale, kind: BillingEmailKind, input: BillingEmailInput): RenderedEmail {
  const t = (key: string) => translate(locale, key, { name: input.name, ...input.values });
  const subject = t(`email.billing.${kind}.subject`);
  const paragraphs = [t(`email.billing.${kind}.body`), ...(input.extra ?? []).map((key) => t(`email.billing.${kind}.${key}`))];
  const facts = input.facts.map(([label, value]) => [t(`email.billing.label.${label}`), value] as const);
  const action = t(`email.billing.${kind}.action`);
  const note = t('email.billing.note');

  const text = [
    t('email.common.greeting'),
    ...paragraphs,
    facts.map(([label, value]) => `${label}: ${value}`).join('\n'),
    `${action}: ${input.link}`,
    note,
    t('email.common.signature'),
  ].join('\n\n');

  const rows = facts
    .map(
      ([label, value]) =>
        `<tr><td class="muted" style="padding:6px 12px 6px 0;color:${EMAIL_THEME.light.muted};vertical-align:top">${escapeHtml(label)}</td><td style="padding:6px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = mailboxLayout(locale, subject, [
    HEADING,
    `<p style="line-height:1.5">${escapeHtml(t('email.common.greeting'))}</p>`,
    ...paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`),
    `<table role="presentation" style="border-collapse:collapse;margin:16px 0;font-size:15px">${rows}</table>`,
    emailButton(input.link, action),
    linkHint(t('email.common.link_hint'), input.link),
    muted(note),
    `<p>${escapeHtml(t('email.common.signature'))}</p>`,
  ]);
  return { subject, html, text };
}
