/**
 * The strings the public page's script (apps/web/src/public-page) shows, by section of the page's
 * catalogue (apps/api/src/modules/public-profile/page/locales): the server puts only these in the
 * page (the rest is already in the HTML), and `location` only when the page asks for the finder's
 * location. A prefix (`errors`) takes its whole branch. The web's `script-strings.test.ts` checks
 * that every `text()` call of the script is covered.
 */
export const PUBLIC_PAGE_SCRIPT_STRINGS = {
  form: ['errors'],
  share: ['copied', 'copyFailed', 'qrHint'],
  location: ['asking', 'willSend', 'accuracy', 'failed'],
  qr: ['loading', 'alt', 'failed'],
} as const satisfies Record<'form' | 'share' | 'location' | 'qr', readonly string[]>;
