/**
 * Local-storage keys of the inherited contract (spec §3, docs/web-api-agreement.md): the SPA and
 * the server-rendered sign-in page's scripts store the session under them, and the sign-in page's
 * inline head script reads them to send a visitor already signed in to their dashboard. Without
 * zod, like password-rules.ts, for those small scripts.
 */
export const SESSION_KEYS = {
  token: 'access_token',
  user: 'user',
  subscription: 'datasuscription',
  role: 'roll',
} as const;
