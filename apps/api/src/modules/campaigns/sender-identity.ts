import type { CampaignSender, CampaignSenderBody } from '@enlaza/contracts';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { billingIdentity, formatAddress } from '../account/index.js';
import { campaignSenders, type SenderSnapshot } from './schema.js';

/**
 * Who a user's campaigns come from. Mailbox providers and anti-spam laws ask the same of a bulk
 * sender: a recognisable name, a way to reply, and a postal address in every message (CAN-SPAM
 * §7704(a)(5), the Gmail and Yahoo sender guidelines). The platform's own address stays in `From`
 * (its domain is the one SPF, DKIM and DMARC vouch for); the user's name is shown in front of it as
 * "<name> via <platform>", as Google Groups and Mailchimp do, and replies go to the user's address.
 */

/** The display name and address of MAIL_FROM: `Enlaza <no-reply@enlaza.app>` → Enlaza, no-reply@enlaza.app. */
export function parseMailFrom(mailFrom: string): { brand: string; address: string } {
  const angle = /^\s*"?([^"<]*?)"?\s*<([^<>]+)>\s*$/.exec(mailFrom);
  if (angle) return { brand: angle[1]!.trim() || 'Enlaza', address: angle[2]!.trim() };
  return { brand: 'Enlaza', address: mailFrom.trim() };
}

/** `"Ana García via Enlaza" <no-reply@…>`: the name as an RFC 5322 quoted string (quotes and backslashes escaped). */
export function senderFrom(mailFrom: string, name: string): string {
  const { brand, address } = parseMailFrom(mailFrom);
  const display = `${name} via ${brand}`.replace(/["\\]/g, (c) => `\\${c}`);
  return `"${display}" <${address}>`;
}

/** `"Ana García" <hola@ana.example>`: the owner's name on their own verified domain's address. */
export function ownFrom(name: string, address: string): string {
  return `"${name.replace(/["\\]/g, (c) => `\\${c}`)}" <${address}>`;
}

/**
 * The From header of a campaign email: MAIL_FROM without a saved sender (campaigns started before
 * senders existed); the owner's own address when their domain is verified and in use; else
 * "<name> via <platform>".
 */
export function fromHeader(mailFrom: string, name: string | null, ownAddress: string | null): string {
  if (name === null) return mailFrom;
  return ownAddress ? ownFrom(name, ownAddress) : senderFrom(mailFrom, name);
}

/** The postal address as one line: its lines joined with commas (a footer prints it on one line). */
export const addressLine = (postalAddress: string) =>
  postalAddress
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/,$/, ''))
    .filter(Boolean)
    .join(', ');

const regionName = (country: string, locale: string) => {
  try {
    return new Intl.DisplayNames([locale === 'jp' ? 'ja' : locale], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
};

/** The sender a campaign started now is sent as (its name, address and Reply-To), or null when the user has saved none. */
export async function senderSnapshot(db: Database | Transaction, userId: string): Promise<SenderSnapshot | null> {
  const [saved] = await db.select().from(campaignSenders).where(eq(campaignSenders.userId, userId));
  if (!saved) return null;
  const account = await billingIdentity(db, userId);
  return { name: saved.name, postalAddress: saved.postalAddress, replyTo: account?.email ?? '', tracking: saved.tracking };
}

/** The sender as the campaigns page shows it: the saved one, else suggestions from the account (its name and billing address). */
export async function senderFor(
  db: Database,
  userId: string,
  mailFrom: string,
  locale: string,
): Promise<Omit<CampaignSender, 'complaints'>> {
  const [saved] = await db.select().from(campaignSenders).where(eq(campaignSenders.userId, userId));
  const account = await billingIdentity(db, userId);
  const billing = formatAddress(account?.billingAddress ?? null);
  const country = account?.billingAddress?.country ?? account?.country ?? null;
  const suggested = billing ? [billing, country ? regionName(country, locale) : null].filter(Boolean).join('\n') : '';
  const name = saved?.name ?? account?.name ?? '';
  return {
    saved: !!saved,
    name,
    postalAddress: saved?.postalAddress ?? suggested,
    from: senderFrom(mailFrom, name || '…'),
    replyTo: account?.email ?? '',
    tracking: saved?.tracking ?? true,
  };
}

/** Saves who the user's campaigns come from (Comunicaciones; the demo seed's account, so it can send at once). */
export async function saveSender(db: Database | Transaction, userId: string, body: CampaignSenderBody): Promise<void> {
  const values = { name: body.name, postalAddress: body.postalAddress, tracking: body.tracking, updatedAt: new Date() };
  await db
    .insert(campaignSenders)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: campaignSenders.userId, set: values });
}
