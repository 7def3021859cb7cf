import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { hexContrast, type Locale } from '@enlaza/contracts';
import { renderBillingEmail, type BillingEmailKind } from '../../src/lib/billing-emails.js';
import {
  renderConsentEmail,
  renderEmail,
  renderNewMessageEmail,
  renderNotificationEmail,
  renderReplyEmail,
  type EmailTemplate,
} from '../../src/lib/email-templates.js';
import { EMAIL_THEME } from '../../src/lib/email-theme.js';
import { renderTemplate } from '../../src/modules/templates/render.js';
import { styleOf } from '../helpers/inline-style.js';

/**
 * Every email Enlaza sends draws its buttons as the template theme does (the layout campaigns and
 * templates use): one colour pair in light, one in dark, each readable. The account, notification and
 * billing emails had a lighter blue (#1c7ed6, 4.2:1 under white text) and the consent email a third
 * one. Read with an HTML parser, as a mail client reads the message.
 */
const TEMPLATES: EmailTemplate[] = [
  'verify_email',
  'reset_password',
  'change_email',
  'email_changed',
  'password_changed',
  'admin_invite',
  'registration_attempted',
  'webhook_disabled',
  'sign_in_failures',
  'account_changed',
  'team_invitation',
];
const BILLING: BillingEmailKind[] = ['receipt', 'renewal_reminder', 'payment_failed'];
const LINK = 'https://enlaza.example/go';
const VALUES = { nombre: 'Ana', email: 'ana@x.example', perfil_url: 'https://enlaza.example/ana', baja_url: 'https://enlaza.example/u/x' };

function emails(locale: Locale): [string, string][] {
  const billing = (kind: BillingEmailKind) =>
    renderBillingEmail(locale, kind, { name: 'Ana', values: {}, facts: [['amount', '9.00 €']], link: LINK }).html;
  return [
    ...TEMPLATES.map((template): [string, string] => [template, renderEmail(locale, template, { name: 'Ana', link: LINK }).html]),
    [
      'new message',
      renderNewMessageEmail(locale, {
        ownerName: 'Ana',
        profileName: 'Ana',
        senderName: 'Luis',
        senderEmail: 'l@x.example',
        body: 'Hola',
        link: LINK,
      }).html,
    ],
    ['notification', renderNotificationEmail(locale, { name: 'Ana', title: 'T', body: 'B', link: LINK }).html],
    ['consent', renderConsentEmail(locale, { subject: 'S', body: 'B', link: LINK, days: 7 }).html],
    ...BILLING.map((kind): [string, string] => [kind, billing(kind)]),
    [
      'campaign template',
      renderTemplate({ subject: 'S', bodyHtml: `<p><a class="button" href="${LINK}">Go</a></p>`, bodyText: '' }, VALUES, locale).html,
    ],
  ];
}

/** The buttons: links to LINK drawn with a background. */
const buttons = (html: string) =>
  DomUtils.findAll((el) => el.name === 'a' && el.attribs.href === LINK && 'background' in styleOf(el), parseDocument(html).children);

const DARK_BUTTON =
  /@media \(prefers-color-scheme:\s*dark\)\s*\{[\s\S]*?\.card a\.button\s*\{\s*background:\s*(#\w+) !important;\s*color:\s*(#\w+) !important;?\s*\}/;

describe('every email button', () => {
  const { light, dark } = EMAIL_THEME;

  it.each(['en', 'es', 'jp'] as const)('is the template theme’s, light inline and dark by media query (%s)', (locale) => {
    for (const [name, html] of emails(locale)) {
      const found = buttons(html);
      expect(found, name).toHaveLength(1);
      const style = styleOf(found[0]!);
      expect([name, style.background, style.color]).toEqual([name, light.button, light.buttonText]);
      expect(found[0]!.attribs.class, name).toBe('button');
      // juice rewrites the campaign layout's `<style>` with spaces and line breaks.
      const inDark = DARK_BUTTON.exec(html);
      expect([name, inDark?.[1], inDark?.[2]]).toEqual([name, dark.button, dark.buttonText]);
    }
  });

  it('keeps the reply email (no button) in the same colours, dark included', () => {
    const html = renderReplyEmail('es', {
      body: 'Gracias',
      ownerName: 'Ana',
      profileName: 'Ana',
      original: 'Hola',
      sentAt: new Date(),
    }).html;
    expect(html).toContain(`background:${light.card}`);
    expect(html).toContain('prefers-color-scheme:dark');
  });

  it('reads at WCAG AA (4.5:1) in both schemes: text, secondary text, quotes and links on the card, the button’s label on it', () => {
    for (const [scheme, c] of Object.entries(EMAIL_THEME)) {
      const pairs = {
        text: [c.text, c.card],
        muted: [c.muted, c.card],
        quote: [c.quote, c.card],
        link: [c.link, c.card],
        button: [c.buttonText, c.button],
      };
      for (const [what, [fg, bg]] of Object.entries(pairs))
        expect([scheme, what, hexContrast(fg!, bg!) >= 4.5]).toEqual([scheme, what, true]);
    }
    // The blue the account emails had: below AA under white text.
    expect(hexContrast('#ffffff', '#1c7ed6')).toBeLessThan(4.5);
  });
});
