import type { Locale, Notification, NotificationType } from '@enlaza/contracts';
import { translate } from '../../lib/i18n.js';
import { zonedParts } from '../../lib/time-zone.js';
import type { NotificationRow } from './repository.js';

type Payload = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const num = (value: unknown) => (typeof value === 'number' ? value : Number(value) || 0);

// Building an Intl formatter costs about a millisecond: one per locale (and currency), kept, since a fan-out renders thousands.
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: Locale, currency?: string): Intl.NumberFormat {
  const key = `${locale}:${currency ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    const tag = locale === 'jp' ? 'ja' : locale;
    found = currency
      ? new Intl.NumberFormat(tag, { style: 'currency', currency })
      : new Intl.NumberFormat(tag, { maximumFractionDigits: 1 });
    formatters.set(key, found);
  }
  return found;
}

function formatBytes(bytes: number, locale: Locale): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1024 ? `${formatter(locale).format(mb / 1024)} GB` : `${formatter(locale).format(mb)} MB`;
}

function formatMoney(cents: number, currency: string, locale: Locale): string {
  try {
    return formatter(locale, currency).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** An instant as `2026-11-23 20:25 UTC` (a notification is read in any time zone). */
const utcMinute = (value: unknown) => {
  const iso = str(value);
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso) ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : iso;
};

/** An instant as the owner's clock reads it, `2026-11-23 21:25 (Europe/Madrid)`; as `utcMinute` without a valid zone. */
const zonedMinute = (value: unknown, timeZone: string | null | undefined) => {
  const iso = str(value);
  const date = new Date(iso);
  if (!timeZone || Number.isNaN(date.getTime())) return utcMinute(value);
  try {
    const z = zonedParts(date, timeZone);
    return `${z.year}-${z.month}-${z.day} ${z.hour}:${z.minute} (${timeZone})`;
  } catch {
    return utcMinute(value);
  }
};

/** The placeholders of a type's title and body, from its payload, formatted for the locale (and the reader's time zone, when known). */
function params(type: NotificationType, p: Payload, locale: Locale, timeZone?: string | null): Record<string, string> {
  const base = Object.fromEntries(Object.entries(p).map(([k, v]) => [k, str(v)]));
  switch (type) {
    case 'storage_quota':
      return { ...base, used: formatBytes(num(p.usedBytes), locale), limit: formatBytes(num(p.limitBytes), locale) };
    case 'payment_failed':
    case 'payment_succeeded':
      // A renewal without a payment method has no payment, hence no amount.
      return p.amountCents === undefined ? base : { ...base, amount: formatMoney(num(p.amountCents), str(p.currency), locale) };
    case 'invoice_issued':
      return { ...base, amount: formatMoney(num(p.totalCents), str(p.currency), locale) };
    case 'payment_disputed':
      return {
        ...base,
        amount: formatMoney(num(p.amountCents), str(p.currency), locale),
        evidenceDueBy: p.evidenceDueBy ? str(p.evidenceDueBy).slice(0, 10) : '—',
      };
    case 'subscription_ending':
      return { ...base, endsAt: str(p.endsAt).slice(0, 10) };
    case 'tag_scanned':
      return { ...base, at: zonedMinute(p.at, timeZone) };
    case 'campaign_stalled':
      return {
        ...base,
        since: utcMinute(p.since),
        reason: translate(locale, `campaign.stall_reason.${str(p.kind) || 'unknown'}`, { detail: str(p.detail) || '—' }),
      };
    case 'campaigns_paused':
      return { ...base, campaigns: Array.isArray(p.campaigns) ? p.campaigns.map(str).join(', ') : '' };
    case 'campaign_start_failed': {
      const reason = (p.reason ?? {}) as { code?: unknown; params?: Record<string, string | number> };
      return { ...base, scheduledAt: utcMinute(p.scheduledAt), reason: translate(locale, str(reason.code), reason.params ?? {}) };
    }
    default:
      return base;
  }
}

/** Where a notification leads in the web app. */
export function linkOf(type: NotificationType, p: Payload): string {
  switch (type) {
    case 'new_message':
      return `/user/buzon/${encodeURIComponent(str(p.profileId))}?message=${encodeURIComponent(str(p.messageId))}`;
    case 'tag_scanned':
      return `/user/buzon/${encodeURIComponent(str(p.profileId))}`;
    case 'storage_quota':
      return '/user/nube';
    case 'sends_quota':
      return '/user/plans';
    case 'campaign_finished':
    case 'campaign_stalled':
    case 'campaign_start_failed':
    case 'campaigns_paused':
      return '/user/campanas';
    case 'subscription_ending':
      return '/user/myplan';
    case 'payment_failed':
    case 'payment_succeeded':
    case 'invoice_issued':
      return '/user/pagos';
    case 'payment_disputed':
      return p.subscriptionId ? `/admin/suscripcions?open=${encodeURIComponent(str(p.subscriptionId))}` : '/admin/suscripcions';
  }
}

/** Title and body in the viewer's language, rendered from the type and the payload. */
export function renderText(locale: Locale, type: NotificationType, p: Payload, timeZone?: string | null): { title: string; body: string } {
  const key =
    type === 'new_message' && p.lostMode === true
      ? 'new_message_lost'
      : type === 'payment_failed' && p.reason === 'no_method'
        ? 'payment_failed_no_method'
        : type;
  const values = params(type, p, locale, timeZone);
  return { title: translate(locale, `notification.${key}.title`, values), body: translate(locale, `notification.${key}.body`, values) };
}

/** A stored notification as its owner reads it: in their language, its times on their clock (`timeZone`, when set). */
export function toNotification(row: NotificationRow, locale: Locale, timeZone: string | null): Notification {
  const type = row.type as NotificationType;
  return {
    id: String(row.id),
    type,
    ...renderText(locale, type, row.payload, timeZone),
    link: linkOf(type, row.payload),
    payload: row.payload,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
