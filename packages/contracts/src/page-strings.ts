import type { Locale } from './common.js';
import enAuth from './locales/en/auth.json' with { type: 'json' };
import enCommon from './locales/en/common.json' with { type: 'json' };
import enRegister from './locales/en/register.json' with { type: 'json' };
import esAuth from './locales/es/auth.json' with { type: 'json' };
import esCommon from './locales/es/common.json' with { type: 'json' };
import esRegister from './locales/es/register.json' with { type: 'json' };
import jpAuth from './locales/jp/auth.json' with { type: 'json' };
import jpCommon from './locales/jp/common.json' with { type: 'json' };
import jpRegister from './locales/jp/register.json' with { type: 'json' };

/**
 * The texts the server-rendered sign-in (`/`) and registration (`/register`) pages show, by
 * namespace: the SPA shows the same ones, so they are written once, in `locales/{lng}/{namespace}.json`
 * here. The web merges each file into its own namespace of that name (apps/web/build/locale-assets.ts,
 * apps/web/src/lib/i18n.ts); the API renders the pages from them. Imported from
 * `@enlaza/contracts/page-strings`, apart from the schemas, so what imports only the schemas (the
 * SPA's entry code) does not carry them.
 */
export type PageStrings = { auth: typeof enAuth; common: typeof enCommon; register: typeof enRegister };

export const PAGE_STRINGS = {
  en: { auth: enAuth, common: enCommon, register: enRegister },
  es: { auth: esAuth, common: esCommon, register: esRegister },
  jp: { auth: jpAuth, common: jpCommon, register: jpRegister },
} satisfies Record<Locale, PageStrings>;
