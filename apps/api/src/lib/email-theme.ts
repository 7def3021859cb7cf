import { EMAIL_THEME } from '@enlaza/contracts';
import { escapeHtml } from './html.js';

/**
 * The emails' colours (EMAIL_THEME, in the contracts: the template editor draws its button with them
 * too), as the email layouts write them: the campaign and template layout
 * (modules/templates/render.ts) and the account, mailbox, notification, consent and billing emails
 * (email-templates.ts, billing-emails.ts), so a button is the same button in all of them, light and
 * dark. `test/templates/every-email-button-follows-the-theme.test.ts` computes each pair's contrast.
 */
export { EMAIL_THEME };

const { light, dark } = EMAIL_THEME;

/** The button's inline style (mail clients drop `<style>`): what a client without dark mode shows. */
export const BUTTON_STYLE = `display:inline-block;background:${light.button};color:${light.buttonText};text-decoration:none;font-weight:600;padding:12px 22px;border-radius:6px`;

/** A call to action: the theme's button, its own paragraph. */
export function emailButton(link: string, label: string): string {
  return `<p style="margin:24px 0"><a class="button" href="${escapeHtml(link)}" style="${BUTTON_STYLE}">${escapeHtml(label)}</a></p>`;
}

/**
 * The dark scheme for the clients that read `prefers-color-scheme` (Apple Mail, iOS, some webmails),
 * for a page laid out with the classes `page` (the background), `card` (the white box), `muted` and
 * `button`, and its quotes. `!important` wins over the inline light colours.
 */
export const DARK_SCHEME_CSS = `@media (prefers-color-scheme:dark){
  body,.page{background:${dark.page} !important}
  .card{background:${dark.card} !important;color:${dark.text} !important}
  .card a{color:${dark.link} !important}
  .card a.button{background:${dark.button} !important;color:${dark.buttonText} !important}
  .card .muted{color:${dark.muted} !important}
  .card blockquote{color:${dark.quote} !important;border-color:${dark.quoteBorder} !important}
}`;
