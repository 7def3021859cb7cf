import { createHash } from 'node:crypto';
import type { Locale } from '@enlaza/contracts';
// The texts, session keys and password minimum the SPA uses too: one source for both.
import { PASSWORD_MIN_LENGTH, SESSION_KEYS } from '@enlaza/contracts';
import { PAGE_STRINGS } from '@enlaza/contracts/page-strings';
import { htmlLang } from '../public-profile/index.js';
import { drawAfter, fontPreloads, html, raw, type SafeHtml } from '../public-profile/index.js';

/** The page's script and stylesheet as built (apps/web/build/public-page.mjs); `fonts`: the font files to preload. */
export type LoginPageAssets = { js: string | null; css: string | null; fonts: readonly string[] };

/** What each page shows and its script switches between, by namespace, in every language. */
const LOGIN_TEXTS = {
  en: { auth: PAGE_STRINGS.en.auth, common: PAGE_STRINGS.en.common },
  es: { auth: PAGE_STRINGS.es.auth, common: PAGE_STRINGS.es.common },
  jp: { auth: PAGE_STRINGS.jp.auth, common: PAGE_STRINGS.jp.common },
} satisfies Record<Locale, unknown>;
const REGISTER_TEXTS = {
  en: { register: PAGE_STRINGS.en.register, common: PAGE_STRINGS.en.common },
  es: { register: PAGE_STRINGS.es.register, common: PAGE_STRINGS.es.common },
  jp: { register: PAGE_STRINGS.jp.register, common: PAGE_STRINGS.jp.common },
} satisfies Record<Locale, unknown>;
type PageTexts = typeof LOGIN_TEXTS | typeof REGISTER_TEXTS;

/** Each language named in itself (the SPA's language switcher). */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', jp: '日本語' };

/**
 * Runs in <head> before the first paint: a visitor already signed in (token and role, as the SPA's
 * guest-only guard checks) goes to their dashboard; the colour scheme is the one chosen in the SPA
 * (Mantine's stored value) or the system's.
 */
export const HEAD_SCRIPT = `(function(){var d=document.documentElement,c=null;try{var s=localStorage,t=s.getItem(${JSON.stringify(SESSION_KEYS.token)}),r=s.getItem(${JSON.stringify(SESSION_KEYS.role)});if(t&&(r==='admin'||r==='user')){location.replace(r==='admin'?'/admin/dashboard':'/user/dashboard');}c=s.getItem('mantine-color-scheme-value');}catch(e){}d.setAttribute('data-mantine-color-scheme',c==='light'||c==='dark'?c:(window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'));})();`;
/** For the Content-Security-Policy: only this inline script may run. */
export const HEAD_SCRIPT_HASH = `'sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}'`;

/** JSON inside a script element: `<` escaped so no value can close the element. */
const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export type Translate = (key: string, params?: Record<string, string | number>) => string;

function translate(all: PageTexts, locale: Locale): Translate {
  const texts = all[locale] as unknown as Record<string, Record<string, unknown>>;
  return (key: string, params?: Record<string, string | number>): string => {
    const [ns = '', path = ''] = key.split(':');
    let entry: unknown = texts[ns];
    for (const part of path.split('.'))
      entry = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)[part] : undefined;
    if (typeof entry !== 'string') return key;
    return params ? entry.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in params ? String(params[name]) : match)) : entry;
  };
}

const EYE = raw(
  '<svg class="lp-eye-open" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z"/><circle cx="12" cy="12" r="3"/></svg><svg class="lp-eye-closed" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M3 3l18 18M10.6 5.1A10.9 10.9 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7a10.6 10.6 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2"/></svg>',
);
const SCHEME_ICONS = raw(
  '<svg class="lp-scheme-dark" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><circle cx="12" cy="12" r="4"/><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"/></svg><svg class="lp-scheme-light" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z"/></svg>',
);
const BRAND_ICON = raw(
  '<svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#087f5b"/><path d="M10 16a4 4 0 0 1 4-4h2M22 16a4 4 0 0 1-4 4h-2M13 16h6" stroke="#fff" stroke-width="2.4" stroke-linecap="round" fill="none"/></svg>',
);

/** One text, marked so the script can switch it to another language. */
const text = (t: (key: string) => string, key: string): SafeHtml => html`<span data-i18n="${key}">${t(key)}</span>`;

const REQUIRED = html`<span class="lp-required" aria-hidden="true">*</span>`;

/**
 * The document both server-rendered entry pages share (sign-in at `/`, registration at `/register`):
 * head with the colour-scheme script, header with the language and colour-scheme switches, and the
 * page's section; `data` (texts in every language) is read by the page script.
 */
function authDocument(options: {
  locale: Locale;
  t: Translate;
  titleKey: string;
  csrfToken: string;
  countryLookupUrl: string;
  assets: LoginPageAssets;
  section: SafeHtml;
  dataId: string;
  data: unknown;
}): string {
  const { locale, t, assets } = options;
  return html`<!doctype html>
<html lang="${htmlLang(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="description" content="Enlaza">
<meta name="csrf-token" content="${options.csrfToken}">
<meta name="country-lookup-url" content="${options.countryLookupUrl}">
<title>${t(options.titleKey)} · ${t('common:appName')}</title>
<script>${raw(HEAD_SCRIPT)}</script>
<link rel="icon" href="data:,">
${drawAfter(options.dataId)}
${fontPreloads(assets.fonts)}
${assets.css ? html`<link rel="stylesheet" href="${assets.css}">` : null}
${assets.js ? html`<script type="module" src="${assets.js}"></script>` : null}
</head>
<body>
<a href="#main-content" class="skip-link" data-i18n="common:skipToContent">${t('common:skipToContent')}</a>
<header class="lp-header">
<a class="lp-brand" href="/" aria-label="${t('common:brandHome')}" data-i18n-label="common:brandHome">${BRAND_ICON}<span>${t('common:appName')}</span></a>
<div class="lp-tools">
<select id="lp-language" class="lp-select" aria-label="${t('common:language')}" data-i18n-label="common:language" data-testid="language-switcher">
${(Object.keys(LANGUAGE_NAMES) as Locale[]).map((code) => html`<option value="${code}"${raw(code === locale ? ' selected' : '')}>${LANGUAGE_NAMES[code]}</option>`)}
</select>
<button type="button" id="lp-scheme" class="lp-icon-button" aria-label="${t('common:colorScheme.toDark')}" data-testid="color-scheme-toggle">${SCHEME_ICONS}</button>
</div>
</header>
<main id="main-content" class="lp-main" tabindex="-1">
<div class="lp-center">
${options.section}
</div>
</main>
<script type="application/json" id="${options.dataId}">${raw(jsonForScript(options.data))}</script>
</body>
</html>
`.value;
}

/** A password input with its show/hide button. */
const passwordInput = (
  t: Translate,
  attributes: { id: string; autocomplete: string; testid: string; toggleKey: string; describedBy: string; maxLength?: number },
) =>
  html`<div class="lp-input-wrap">
<input id="${attributes.id}" class="lp-input lp-password" type="password" name="password" autocomplete="${attributes.autocomplete}" required${raw(attributes.maxLength ? ` maxlength="${attributes.maxLength}"` : '')} aria-describedby="${attributes.describedBy}" data-testid="${attributes.testid}">
<button type="button" id="lp-toggle" class="lp-toggle" aria-pressed="false" aria-controls="${attributes.id}" aria-label="${t(attributes.toggleKey)}" data-i18n-label="${attributes.toggleKey}">${EYE}</button>
</div>`;

/** The sign-in page, complete in the visitor's language; the page script (apps/web/src/login-page) makes it work. */
export function renderLoginPage(options: { locale: Locale; csrfToken: string; countryLookupUrl: string; assets: LoginPageAssets }): string {
  const { locale } = options;
  const t = translate(LOGIN_TEXTS, locale);
  // What Enlaza is, in one line above the form, for a visitor who arrives here first.
  const section = html`<div class="lp-column">
<p class="lp-pitch" data-i18n="auth:login.tagline" data-testid="login-tagline">${t('auth:login.tagline')}</p>
<section class="lp-paper" aria-labelledby="lp-title">
<div>
<h1 id="lp-title" class="lp-title" data-i18n="auth:login.title">${t('auth:login.title')}</h1>
<p class="lp-subtitle" data-i18n="auth:login.subtitle">${t('auth:login.subtitle')}</p>
</div>
<div id="lp-alert" class="lp-alert" role="alert" hidden><p class="lp-alert-title"></p><p class="lp-alert-body"></p></div>
<form id="lp-form" class="lp-form" method="post" novalidate>
<div class="lp-field">
<label for="lp-email">${text(t, 'auth:login.email')}${REQUIRED}</label>
<input id="lp-email" class="lp-input" type="email" name="email" autocomplete="username" inputmode="email" required autofocus aria-describedby="lp-email-error" data-testid="login-email">
<p id="lp-email-error" class="lp-error" hidden></p>
</div>
<div class="lp-field">
<label for="lp-password">${text(t, 'auth:login.password')}${REQUIRED}</label>
${passwordInput(t, { id: 'lp-password', autocomplete: 'current-password', testid: 'login-password', toggleKey: 'auth:login.togglePassword', describedBy: 'lp-password-error' })}
<p id="lp-password-error" class="lp-error" hidden></p>
</div>
<div class="lp-forgot"><a href="/?forgot=1" data-testid="forgot-password-link" data-i18n="auth:login.forgot">${t('auth:login.forgot')}</a></div>
<button type="submit" id="lp-submit" class="lp-submit" data-testid="login-submit" data-i18n="auth:login.submit">${t('auth:login.submit')}</button>
</form>
<form id="lp-second" class="lp-form" method="post" novalidate hidden aria-labelledby="lp-second-title" data-testid="login-second-step">
<h2 id="lp-second-title" class="lp-title" tabindex="-1" data-i18n="auth:login.secondFactor.title">${t('auth:login.secondFactor.title')}</h2>
<div id="lp-enrol" hidden data-testid="login-enrol">
<p class="lp-hint" data-i18n="auth:login.secondFactor.enrolHint">${t('auth:login.secondFactor.enrolHint')}</p>
<img id="lp-enrol-qr" class="lp-qr" width="200" height="200" alt="${t('auth:login.secondFactor.qrAlt')}" data-i18n-label="auth:login.secondFactor.qrAlt" data-testid="login-enrol-qr">
<p class="lp-hint"><span data-i18n="auth:login.secondFactor.key">${t('auth:login.secondFactor.key')}</span>: <code id="lp-enrol-secret" data-testid="login-enrol-secret"></code></p>
</div>
<p id="lp-second-hint" class="lp-hint" data-i18n="auth:login.secondFactor.hint">${t('auth:login.secondFactor.hint')}</p>
<div class="lp-field">
<label for="lp-code"><span id="lp-code-label" data-i18n="auth:login.secondFactor.code">${t('auth:login.secondFactor.code')}</span>${REQUIRED}</label>
<input id="lp-code" class="lp-input" type="text" name="code" autocomplete="one-time-code" inputmode="numeric" maxlength="32" required aria-describedby="lp-code-error" data-testid="login-code">
<p id="lp-code-error" class="lp-error" hidden></p>
</div>
<button type="submit" id="lp-second-submit" class="lp-submit" data-testid="login-code-submit" data-i18n="auth:login.secondFactor.submit">${t('auth:login.secondFactor.submit')}</button>
<p class="lp-register"><button type="button" id="lp-use-recovery" class="lp-link-button" data-testid="login-use-recovery" data-i18n="auth:login.secondFactor.useRecovery">${t('auth:login.secondFactor.useRecovery')}</button>
<button type="button" id="lp-second-back" class="lp-link-button" data-testid="login-second-back" data-i18n="auth:login.secondFactor.back">${t('auth:login.secondFactor.back')}</button></p>
</form>
<div id="lp-recovery" class="lp-form" hidden data-testid="login-recovery-codes">
<h2 id="lp-recovery-title" class="lp-title" tabindex="-1" data-i18n="auth:login.secondFactor.recoveryTitle">${t('auth:login.secondFactor.recoveryTitle')}</h2>
<p class="lp-hint" data-i18n="auth:login.secondFactor.recoveryShownOnce">${t('auth:login.secondFactor.recoveryShownOnce')}</p>
<pre id="lp-recovery-list" class="lp-codes" data-testid="login-recovery-list"></pre>
<button type="button" id="lp-recovery-continue" class="lp-submit" data-testid="login-recovery-continue" data-i18n="auth:login.secondFactor.continue">${t('auth:login.secondFactor.continue')}</button>
</div>
<div id="lp-passkey-block" class="lp-passkey">
<p class="lp-or"><span data-i18n="auth:login.or">${t('auth:login.or')}</span></p>
<button type="button" id="lp-passkey" class="lp-submit lp-secondary" data-testid="login-passkey" data-i18n="auth:login.passkey">${t('auth:login.passkey')}</button>
<a href="/?sso=1" class="lp-submit lp-secondary lp-sso" data-testid="login-sso" data-i18n="auth:login.sso">${t('auth:login.sso')}</a>
</div>
<p class="lp-register">${text(t, 'auth:login.noAccount')} <a href="/register" data-testid="register-link" data-i18n="auth:login.register">${t('auth:login.register')}</a></p>
</section>
</div>`;
  return authDocument({ ...options, t, titleKey: 'auth:login.title', section, dataId: 'login-data', data: { locale, texts: LOGIN_TEXTS } });
}

export type RegisterAccountType = { id: string; name: string; requiresTaxId: boolean };

/** A text field of the registration form with its error line (`hint` between label and input). */
const registerField = (t: Translate, options: { field: string; labelKey: string; input: SafeHtml; hint?: SafeHtml; after?: SafeHtml }) =>
  html`<div class="lp-field">
<label for="rp-${options.field}">${text(t, options.labelKey)}${REQUIRED}</label>
${options.hint ?? null}
${options.input}
<p id="rp-${options.field}-error" class="lp-error" hidden></p>
${options.after ?? null}
</div>`;

/**
 * The registration page (`/register`), complete in the visitor's language, with the account types
 * in it; the page script (apps/web/src/login-page/register.ts) checks the alias as it is typed,
 * shows the password's strength, sends the form and then shows "check your email" in place.
 */
export function renderRegisterPage(options: {
  locale: Locale;
  csrfToken: string;
  countryLookupUrl: string;
  assets: LoginPageAssets;
  accountTypes: RegisterAccountType[];
  host: string;
}): string {
  const { locale, accountTypes } = options;
  const t = translate(REGISTER_TEXTS, locale);
  const personal = (accountTypes.find((type) => !type.requiresTaxId) ?? accountTypes[0])?.id;
  const input = (field: string, attributes: string, testid: string) =>
    html`<input id="rp-${field}" class="lp-input" name="${field}" ${raw(attributes)} required aria-describedby="rp-${field}-error" data-testid="${testid}">`;
  const section = html`<section class="lp-paper" aria-labelledby="lp-title">
<div id="rp-form-step" class="lp-step">
<div>
<h1 id="lp-title" class="lp-title" data-i18n="register:title">${t('register:title')}</h1>
<p class="lp-subtitle" data-i18n="register:subtitle">${t('register:subtitle')}</p>
</div>
<div id="lp-alert" class="lp-alert" role="alert" hidden data-testid="register-error"><p class="lp-alert-title"></p><p class="lp-alert-body"></p></div>
<form id="rp-form" class="lp-form" method="post" novalidate aria-labelledby="lp-title" data-testid="register-form">
${registerField(t, { field: 'name', labelKey: 'register:fields.name', input: input('name', 'type="text" autocomplete="name" maxlength="120" autofocus', 'register-name') })}
${registerField(t, {
  field: 'alias',
  labelKey: 'register:fields.alias',
  hint: html`<p id="rp-alias-hint" class="lp-hint" data-host="${options.host}">${t('register:alias.hint', { url: `${options.host}/link/…` })}</p>`,
  input: html`<input id="rp-alias" class="lp-input" name="alias" type="text" autocomplete="off" autocapitalize="none" spellcheck="false" maxlength="30" required aria-describedby="rp-alias-hint rp-alias-error rp-alias-status" data-testid="register-alias">`,
  after: html`<div id="rp-alias-status" class="lp-hint" aria-live="polite"></div>`,
})}
${registerField(t, { field: 'email', labelKey: 'register:fields.email', input: input('email', 'type="email" inputmode="email" autocomplete="email" maxlength="254"', 'register-email') })}
${registerField(t, {
  field: 'password',
  labelKey: 'register:fields.password',
  input: passwordInput(t, {
    id: 'rp-password',
    autocomplete: 'new-password',
    testid: 'register-password',
    toggleKey: 'register:togglePassword',
    describedBy: 'rp-password-error rp-strength',
    maxLength: 200,
  }),
  after: html`<div id="rp-strength" class="lp-strength"><div class="lp-meter" aria-hidden="true"><div class="lp-meter-bar"></div></div><p class="lp-hint"><span id="rp-strength-hint">${t('register:strength.hint', { min: PASSWORD_MIN_LENGTH })}</span> <strong id="rp-strength-label" data-testid="password-strength" hidden></strong></p></div>`,
})}
${registerField(t, {
  field: 'accountTypeId',
  labelKey: 'register:fields.accountType',
  input: html`<select id="rp-accountTypeId" class="lp-input lp-native-select" name="accountTypeId" required aria-describedby="rp-accountTypeId-error" data-testid="register-account-type">
${accountTypes.map((type) => html`<option value="${type.id}"${raw(type.id === personal ? ' selected' : '')}>${type.name}</option>`)}
</select>`,
})}
<div class="lp-field">
<label class="lp-check"><input id="rp-acceptPolicy" type="checkbox" name="acceptPolicy" required aria-describedby="rp-acceptPolicy-error" data-testid="register-accept"> <span>${text(t, 'register:fields.acceptBefore')} <a href="/politica" target="_blank" rel="noopener" data-i18n="register:fields.acceptLink">${t('register:fields.acceptLink')}</a></span></label>
<p id="rp-acceptPolicy-error" class="lp-error" hidden></p>
</div>
<button type="submit" id="lp-submit" class="lp-submit" data-testid="register-submit" data-i18n="register:submit">${t('register:submit')}</button>
</form>
<p class="lp-register">${text(t, 'register:haveAccount')} <a href="/" data-i18n="register:goToSignIn">${t('register:goToSignIn')}</a></p>
</div>
<div id="rp-sent-step" class="lp-step" role="status" data-testid="register-sent" hidden>
<h2 class="lp-title" tabindex="-1" data-i18n="register:sent.title">${t('register:sent.title')}</h2>
<p>${text(t, 'register:sent.body')} <strong id="rp-sent-email" class="lp-email" data-testid="register-sent-email"></strong></p>
<p class="lp-hint" data-i18n="register:sent.hint">${t('register:sent.hint')}</p>
<div id="rp-resend-result" class="lp-alert" hidden></div>
<div class="lp-actions">
<button type="button" id="rp-resend" class="lp-submit lp-light" data-testid="register-resend" data-i18n="register:resend.button">${t('register:resend.button')}</button>
<button type="button" id="rp-edit" class="lp-link-button" data-testid="register-edit" data-i18n="register:sent.edit">${t('register:sent.edit')}</button>
</div>
<p><a href="/" data-i18n="register:goToSignIn">${t('register:goToSignIn')}</a></p>
</div>
</section>`;
  return authDocument({
    ...options,
    t,
    titleKey: 'register:title',
    section,
    dataId: 'login-data',
    data: { locale, texts: REGISTER_TEXTS },
  });
}
