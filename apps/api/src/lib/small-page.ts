import type { Locale } from '@enlaza/contracts';
import { escapeHtml } from './html.js';

const HTML_LANG = { en: 'en', es: 'es', jp: 'ja' } as const;

/**
 * A one-card page rendered on the server for people who arrive from an email (unsubscribe, confirm a
 * subscription): works signed out and without JavaScript, its own styles only, light and dark.
 * `body` is HTML the caller has escaped.
 */
export function smallPage(lang: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${HTML_LANG[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f8f9fa;color:#212529}main{max-width:32rem;margin:10vh auto;padding:2rem 1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12)}h1{font-size:1.5rem;margin:0 0 1rem}p{line-height:1.5}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#1864ab;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #1864ab;outline-offset:2px}@media (prefers-color-scheme:dark){body{background:#1a1b1e;color:#e9ecef}main{background:#25262b}button{background:#4dabf7;color:#101113}}</style></head>
<body><main>${body}</main></body></html>`;
}

/** `ana@example.com` → `a••@example.com`: enough to recognise one's address, not to read it off a shared screen. */
export const maskedEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(2, Math.min(6, local.length - 1)))}@${domain}`;
};
