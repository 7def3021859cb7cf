import type { Locale, PublicFormField, PublicProfile } from '@enlaza/contracts';
import { pageStrings, type Translate } from './strings.js';
import { html, raw, type SafeHtml } from './template.js';

const MESSAGE_MAX = 5000;

/** The words of the consent box as a visitor reads them: what their consent's proof keeps. */
export const consentLabel = (kind: 'card' | 'tag', name: string, t: Translate) =>
  kind === 'card' ? t('form.consent', { name }) : t('form.consentOwner');

/** The consent box's words in `locale`, for the proof of a consent given through the form. */
export const contactConsentText = (kind: 'card' | 'tag', name: string, locale: Locale) => consentLabel(kind, name, pageStrings(locale));

type FieldWrap = (name: string, label: string, input: SafeHtml, hint?: string) => SafeHtml;

/**
 * One of the owner's contact fields asked on the form (optional; kept with the consent): text, a
 * number (typed as text, so "1,5" is accepted as written), a date, or one of the field's choices.
 * `data-custom-field` carries the field's id for the script.
 */
function customField(f: PublicFormField, t: Translate, field: FieldWrap): SafeHtml {
  const key = `f-${f.id}`;
  const input =
    f.type === 'choice'
      ? html`<select id="pp-${key}-input" data-custom-field="${f.id}" aria-describedby="pp-${key}-error"><option value="">${t('form.choose')}</option>${f.choices.map((c) => html`<option>${c}</option>`)}</select>`
      : html`<input id="pp-${key}-input" data-custom-field="${f.id}" type="${f.type === 'date' ? 'date' : 'text'}"${raw(f.type === 'number' ? ' inputmode="decimal"' : '')} maxlength="500" aria-describedby="pp-${key}-error">`;
  return field(key, f.name, input);
}

/**
 * The contact form, rendered by the server and shown from the first paint, so nothing moves when
 * the script arrives; sending it needs that script (a JSON request with the CSRF token), so a
 * browser without JavaScript hides it (a `noscript` style in the page's head). `website` is a
 * honeypot people never see.
 */
export function renderContactForm(profile: PublicProfile, t: Translate, { preview }: { preview: boolean }): SafeHtml {
  const lost = profile.tag?.lostMode === true;
  const title = profile.kind === 'card' ? t('form.titleCard', { name: profile.name }) : lost ? t('form.titleLost') : t('form.titleTag');
  const consent = consentLabel(profile.kind, profile.name, t);
  const field: FieldWrap = (name, label, input, hint) =>
    html`<div class="pp-field" data-field="${name}"><label for="pp-${name}-input">${label}</label>${hint ? html`<small id="pp-${name}-hint">${hint}</small>` : null}${input}<p class="pp-error" id="pp-${name}-error" hidden></p></div>`;
  return html`<section class="pp-form-wrap" aria-labelledby="pp-form-title" data-contact>
<h2 id="pp-form-title" class="pp-h2">${title}</h2>
<form class="pp-form" novalidate data-testid="contact-form"${raw(preview ? ' inert' : '')}>
<p class="pp-intro">${lost ? t('form.introLost') : t('form.intro')}</p>
<div class="pp-alert" role="alert" data-form-error hidden></div>
<div class="pp-grid">
${field('name', `${t('form.name')} *`, html`<input id="pp-name-input" name="name" autocomplete="name" maxlength="100" required placeholder="${t('form.namePlaceholder')}" aria-describedby="pp-name-error" data-testid="contact-name">`)}
${field('email', `${t('form.email')} *`, html`<input id="pp-email-input" name="email" type="email" autocomplete="email" maxlength="254" required aria-describedby="pp-email-error" data-testid="contact-email">`)}
</div>
${field('phone', t('form.phone'), html`<input id="pp-phone-input" name="phone" type="tel" autocomplete="tel" maxlength="24" placeholder="${t('form.phonePlaceholder')}" aria-describedby="pp-phone-hint pp-phone-error" data-testid="contact-phone">`, t('form.phoneHint'))}
${field('message', `${t('form.message')} *`, html`<textarea id="pp-message-input" name="message" rows="5" maxlength="${MESSAGE_MAX}" required aria-describedby="pp-message-error" data-testid="contact-message"></textarea>`)}
${profile.formFields.map((f) => customField(f, t, field))}
${lost ? html`<div class="pp-check"><input id="pp-location" type="checkbox" data-location data-testid="contact-location"><label for="pp-location">${t('location.label')}<small>${t('location.description')}</small></label></div><p class="pp-hint" data-location-status role="status"></p>` : null}
<div class="pp-check"><input id="pp-consent" name="consent" type="checkbox" data-testid="contact-consent"><label for="pp-consent">${consent}</label></div>
<div class="pp-honeypot" aria-hidden="true"><label for="pp-website">${t('form.honeypot')}</label><input id="pp-website" name="website" tabindex="-1" autocomplete="off"></div>
<button type="submit" class="pp-button pp-primary" data-testid="contact-submit">${t('form.submit')}</button>
</form>
<div class="pp-sent" data-sent hidden tabindex="-1" data-testid="contact-form-success"><h3>${t('form.sentTitle')}</h3><p>${t('form.sentBody', { name: profile.kind === 'card' ? profile.name : t('form.theOwner') })}</p><p data-sent-confirm hidden data-testid="contact-form-confirm">${t('form.sentConfirm')}</p><button type="button" class="pp-button" data-again>${t('form.sendAnother')}</button></div>
</section>`;
}
