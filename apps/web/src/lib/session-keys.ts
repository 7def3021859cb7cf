/*
 * Kept apart from session.ts (which uses React) so the server-rendered sign-in page's script can
 * share them.
 */
/** Local-storage keys of the inherited contract (spec §3, docs/web-api-agreement.md). */
export const SESSION_KEYS = {
  token: 'access_token',
  user: 'user',
  subscription: 'datasuscription',
  role: 'roll',
} as const;
