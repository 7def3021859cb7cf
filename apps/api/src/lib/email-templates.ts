import type { Locale } from '@enlaza/contracts';
import { DARK_SCHEME_CSS, EMAIL_THEME, emailButton } from './email-theme.js';
import { escapeHtml } from './html.js';
import { translate } from './i18n.js';

export type EmailTemplate =
  | 'verify_email'
  | 'reset_password'
  | 'change_email'
  | 'email_changed'
  | 'password_changed'
  | 'admin_invite'
  | 'registration_attempted'
  | 'webhook_disabled'
  | 'sign_in_failures'
  | 'account_changed'
  | 'team_invitation';
export type RenderedEmail = { subject: string; html: string; text: string };

/**
 * Renders a transactional email in the recipient's language from locales/*.json (`email.<template>.*`):
 * an HTML version with a button and a plain-text version with the bare link.
 */
export function renderEmail(
  locale: Locale,
  template: EmailTemplate,
  params: { name: string; link?: string; email?: string; vars?: Record<string, string | number> },
): RenderedEmail {
  const t = (key: string) => translate(locale, key, { ...params.vars, name: params.name, email: params.email ?? '' });
  const subject = t(`email.${template}.subject`);
  const paragraphs = [t('email.common.greeting'), t(`email.${template}.body`)];
  const note = translate(locale, `email.${template}.note`, {});
  if (note !== `email.${template}.note`) paragraphs.push(note);
  const action = params.link ? t(`email.${template}.action`) : null;
  // A template may say why it was sent instead of "if you did not ask for this, ignore it" (a security notice must not be ignored).
  const ownIgnore = translate(locale, `email.${template}.ignore`, {});
  const ignore = ownIgnore !== `email.${template}.ignore` ? ownIgnore : t('email.common.ignore');

  const text = [...paragraphs, ...(params.link ? [`${action}: ${params.link}`] : []), ignore, t('email.common.signature')].join('\n\n');

  const html = mailboxLayout(locale, subject, [
    HEADING,
    ...paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`),
    ...(params.link ? [emailButton(params.link, action ?? ''), linkHint(t('email.common.link_hint'), params.link)] : []),
    muted(ignore),
    `<p>${escapeHtml(t('email.common.signature'))}</p>`,
  ]);
  return { subject, html, text };
}

/**
 * The page around every email but campaigns (account, mailbox, notification, consent and billing
 * emails): the theme's colours (email-theme.ts), light inline and dark for the clients that ask.
 */
export function mailboxLayout(locale: Locale, subject: string, blocks: string[]): string {
  const { light } = EMAIL_THEME;
  return `<!doctype html><html lang="${locale === 'jp' ? 'ja' : locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(subject)}</title>
<style>${DARK_SCHEME_CSS}</style></head>
<body class="page" style="margin:0;background:${light.page};font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:${light.text}">
  <div style="max-width:560px;margin:0 auto;padding:24px">
    <div class="card" style="background:${light.card};color:${light.text};border-radius:8px;padding:28px">
      ${blocks.join('\n      ')}
    </div>
  </div>
</body></html>`;
}

/** The product's name atop an email Enlaza sends in its own name. */
export const HEADING = '<h1 style="font-size:20px;margin:0 0 16px">Enlaza</h1>';
/** A secondary line (why it was sent, what to do if it was not asked for). */
export const muted = (text: string) => `<p class="muted" style="font-size:13px;color:${EMAIL_THEME.light.muted}">${escapeHtml(text)}</p>`;
/** Under a button: "or open this address", the address written out for a client that shows no button. */
export const linkHint = (hint: string, link: string) =>
  `<p class="muted" style="font-size:13px;color:${EMAIL_THEME.light.muted}">${escapeHtml(hint)}<br><a href="${escapeHtml(link)}" style="color:${EMAIL_THEME.light.link}">${escapeHtml(link)}</a></p>`;

const paragraphsHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="line-height:1.5">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
const quoteHtml = (text: string) =>
  `<blockquote style="margin:16px 0;padding:8px 12px;border-left:3px solid ${EMAIL_THEME.light.quoteBorder};color:${EMAIL_THEME.light.quote}">${paragraphsHtml(text)}</blockquote>`;
const quoteText = (text: string) =>
  text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

/**
 * An owner's answer to a visitor's message, in the visitor's language: the owner's words as they
 * wrote them (never run through the translation placeholders), then the visitor's message quoted.
 */
export function renderReplyEmail(
  locale: Locale,
  params: { subject?: string | undefined; body: string; ownerName: string; profileName: string; original: string; sentAt: Date },
): RenderedEmail {
  const subject = params.subject ?? translate(locale, 'email.reply.subject', { profile: params.profileName });
  const footer = translate(locale, 'email.reply.footer', { name: params.ownerName, profile: params.profileName });
  const intro = translate(locale, 'email.reply.quote_intro', { date: params.sentAt.toISOString().slice(0, 10) });
  const text = [params.body, `— ${footer}`, intro, quoteText(params.original)].join('\n\n');
  const html = mailboxLayout(locale, subject, [
    paragraphsHtml(params.body),
    muted(`— ${footer}`),
    muted(intro),
    quoteHtml(params.original),
  ]);
  return { subject, html, text };
}

/** Tells an owner (who asked for it in Options) that a visitor wrote to one of their profiles. */
export function renderNewMessageEmail(
  locale: Locale,
  params: {
    ownerName: string;
    profileName: string;
    senderName: string;
    senderEmail: string;
    body: string;
    link: string;
    lostMode?: boolean;
  },
): RenderedEmail {
  const t = (key: string) =>
    translate(locale, key, { name: params.ownerName, profile: params.profileName, sender: params.senderName, email: params.senderEmail });
  const subject = t('email.new_message.subject');
  const excerpt = params.body.length > 600 ? `${params.body.slice(0, 600)}…` : params.body;
  // A tag in lost mode always emails its owner, whatever they chose in Options.
  const note = t(params.lostMode ? 'email.new_message.note_lost' : 'email.new_message.note');
  const text = [
    t('email.common.greeting'),
    t('email.new_message.body'),
    quoteText(excerpt),
    `${t('email.new_message.action')}: ${params.link}`,
    note,
    t('email.common.signature'),
  ].join('\n\n');
  const html = mailboxLayout(locale, subject, [
    HEADING,
    `<p style="line-height:1.5">${escapeHtml(t('email.common.greeting'))}</p>`,
    `<p style="line-height:1.5">${escapeHtml(t('email.new_message.body'))}</p>`,
    quoteHtml(excerpt),
    emailButton(params.link, t('email.new_message.action')),
    muted(note),
    `<p>${escapeHtml(t('email.common.signature'))}</p>`,
  ]);
  return { subject, html, text };
}

/** Any other notification by email (chosen per type in Options): its translated title and body and a button to it. */
export function renderNotificationEmail(
  locale: Locale,
  params: { name: string; title: string; body: string; link: string },
): RenderedEmail {
  const t = (key: string) => translate(locale, key, { name: params.name });
  const text = [
    t('email.common.greeting'),
    params.title,
    params.body,
    `${t('notification.email.action')}: ${params.link}`,
    t('notification.email.note'),
    t('email.common.signature'),
  ].join('\n\n');
  const html = mailboxLayout(locale, params.title, [
    HEADING,
    `<p style="line-height:1.5">${escapeHtml(t('email.common.greeting'))}</p>`,
    `<p style="line-height:1.5;font-weight:600">${escapeHtml(params.title)}</p>`,
    `<p style="line-height:1.5">${escapeHtml(params.body)}</p>`,
    emailButton(params.link, t('notification.email.action')),
    muted(t('notification.email.note')),
    `<p>${escapeHtml(t('email.common.signature'))}</p>`,
  ]);
  return { subject: params.title, html, text };
}

/**
 * The confirmation a new contact is asked for (double opt-in), in their language: the owner's words
 * (or the translated default) as written, the button to the confirmation page, how long it works,
 * and what happens when it is ignored.
 */
export function renderConsentEmail(locale: Locale, params: { subject: string; body: string; link: string; days: number }): RenderedEmail {
  const action = translate(locale, 'consent.email_action');
  const hint = translate(locale, 'consent.email_link_hint');
  const expiry = translate(locale, 'consent.email_expiry', { count: params.days });
  const ignore = translate(locale, 'consent.email_ignore');
  const text = [params.body, `${action}: ${params.link}`, expiry, ignore].join('\n\n');
  const html = mailboxLayout(locale, params.subject, [
    paragraphsHtml(params.body),
    emailButton(params.link, action),
    linkHint(hint, params.link),
    muted(`${expiry} ${ignore}`),
  ]);
  return { subject: params.subject, html, text };
}
