import { ACTIVITY_ACTIONS, type ActivityAction, type ActivityEvent } from '@enlaza/contracts';

/** Actions a user can filter their own history by (the rest show under "all"). */
export const USER_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'account.registered',
  'account.verified',
  'account.updated',
  'preferences.updated',
  'email.change_requested',
  'email.changed',
  'password.changed',
  'password.reset_requested',
  'password.reset',
  'alias.changed',
  'notifications.updated',
  'data.exported',
  'token.created',
  'token.revoked',
  'profile.created',
  'profile.updated',
  'profile.trashed',
  'profile.restored',
  'file.uploaded',
  'file.renamed',
  'file.trashed',
  'file.restored',
  'message.restored',
] as const satisfies readonly ActivityAction[];

/** Every action the API records has a sentence in `history.actions` (en, es, jp). */
const KNOWN = new Set<string>(ACTIVITY_ACTIONS);

/** Actions whose address and device matter to the user (where did this sign-in come from?). */
const SHOWS_ORIGIN = new Set(['auth.sign_in', 'auth.sign_in_failed', 'password.reset', 'password.changed', 'email.changed']);

export interface EventDescription {
  /** Key in the `history` namespace, under `actions.`. */
  key: string;
  values: Record<string, string>;
  /** Attention colour: red for failures and suspensions, otherwise none. */
  tone: 'default' | 'warning';
  showOrigin: boolean;
}

function text(record: Record<string, unknown> | null, field: string): string | null {
  const value = record?.[field];
  return typeof value === 'string' && value ? value : null;
}

/** Translation key and values describing one event, in the user's words. */
export function describeEvent(event: ActivityEvent): EventDescription {
  const known = KNOWN.has(event.action);
  const key = known ? event.action.replace('.', '_') : 'unknown';
  const values: Record<string, string> = { action: event.action };
  const alias = text(event.after, 'alias');
  const email = text(event.after, 'email');
  const previousAlias = text(event.before, 'alias');
  if (alias) values.alias = alias;
  if (previousAlias) values.previousAlias = previousAlias;
  if (email) values.email = email;
  // Changed fields, e.g. "name, phone" (field names are translated by the caller).
  if (event.action === 'account.updated' || event.action === 'preferences.updated') {
    values.fields = Object.keys(event.after ?? {}).join(',');
  }
  // The card, tag or file by its name (the new one after a rename), and the previous name.
  const name = text(event.after, 'name') ?? text(event.before, 'name');
  const previousName = text(event.before, 'name');
  if (name) values.name = name;
  if (previousName) values.previousName = previousName;
  if (event.action === 'profile.updated')
    values.fields = Object.keys(event.after ?? {})
      .filter((field) => field !== 'name')
      .join(',');
  // A change made by someone else (an administrator), or by no person (a team's identity provider through SCIM: "SCIM: Okta").
  if (event.actorId && event.userId && event.actorId !== event.userId && event.actorName) values.actor = event.actorName;
  const via = text(event.after, 'via');
  if (!event.actorId && via) values.actor = via;
  return {
    key,
    values,
    tone: event.action === 'auth.sign_in_failed' || event.action === 'admin.user_suspended' ? 'warning' : 'default',
    showOrigin: SHOWS_ORIGIN.has(event.action),
  };
}

/** "Mozilla/5.0 (X11; Linux x86_64) … Chrome/140.0 Safari/537.36" → "Chrome on Linux". */
export function deviceSummary(device: string | null): string | null {
  if (!device) return null;
  const browser = /Edg\//.test(device)
    ? 'Edge'
    : /OPR\//.test(device)
      ? 'Opera'
      : /Firefox\//.test(device)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(device)
          ? 'Chrome'
          : /Safari\//.test(device)
            ? 'Safari'
            : null;
  const os = /Android/.test(device)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(device)
      ? 'iOS'
      : /Windows/.test(device)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(device)
          ? 'macOS'
          : /Linux|X11/.test(device)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} · ${os}`;
  return browser ?? os ?? (device.length > 60 ? `${device.slice(0, 57)}…` : device);
}
