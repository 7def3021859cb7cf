/*
 * A team invitation opened while signed out: its link is kept in this browser, so that signing in
 * (the server-rendered sign-in page) or registering and confirming the account (the verify page)
 * lands back on it instead of the dashboard. No zod, no React: the sign-in page's script uses it.
 */

const KEY = 'enlaza.pendingInvitation';
/** An invitation's link works 7 days (TEAM_INVITATION_TTL_DAYS); a remembered one is forgotten after as long. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** Where an invitation opens in the app. */
export const invitationPath = (token: string) => `/user/equipo/unirse/${encodeURIComponent(token)}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps the invitation's token until it is accepted, refused or old. */
export function rememberInvitation(token: string, now = Date.now()): void {
  storage()?.setItem(KEY, JSON.stringify({ token, at: now }));
}

export function forgetInvitation(): void {
  storage()?.removeItem(KEY);
}

/** The remembered invitation's page, or null (none, unreadable, or kept longer than an invitation lasts). */
export function pendingInvitationPath(now = Date.now()): string | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const { token, at } = JSON.parse(raw) as { token?: unknown; at?: unknown };
    if (typeof token === 'string' && token && typeof at === 'number' && now - at < KEEP_MS) return invitationPath(token);
  } catch {
    // an unreadable entry is dropped below
  }
  forgetInvitation();
  return null;
}
