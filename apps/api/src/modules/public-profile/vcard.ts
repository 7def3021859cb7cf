import type { Locale, PublicProfile } from '@enlaza/contracts';
import { translate } from '../../lib/i18n.js';
import { emailTypes, phoneTypes, photoType, socialType } from './vcard-types.js';

/**
 * vCard 3.0 (RFC 2426), the version iOS Contacts, Google Contacts and Outlook all import.
 * Text values escape backslashes, commas and new lines; semicolons only inside compound values
 * (N, ADR, ORG), where they separate the components: a `\;` in FN or NOTE shows up literally in
 * some readers (Thunderbird).
 */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** One component of a compound value (N, ADR, ORG): also escapes the `;` that separates components. */
export const escapeComponent = (value: string) => escapeText(value).replace(/;/g, '\\;');

/** Lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The contact's picture: its bytes (embedded in base64) or, when too large to embed, its address. */
export type VCardPhoto = { mimeType: string; data: Buffer } | { url: string } | null;

/** A contact file of a card, or of a tag (its name, and its owner's phone and e-mail only when the tag shows them). */
export function buildVCard(profile: PublicProfile, profileUrl: string, photo: VCardPhoto = null, locale: Locale = 'en'): string {
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', 'PRODID:-//Enlaza//Enlaza//EN'];
  const add = (line: string) => lines.push(line);
  // Apple's grouping (RFC 2426 §2.4.2: "group.PROPERTY") attaches a custom label to one property; Google Contacts reads it too.
  let group = 0;
  const labelled = (property: string, label: string) => {
    group += 1;
    add(`item${group}.${property}`);
    add(`item${group}.X-ABLabel:${escapeText(label)}`);
  };
  const tel = (number: string, label: string) => {
    const { types, custom } = phoneTypes(label);
    // TEL's value is a phone number (text), not a tel: URI, in 3.0.
    const line = `TEL;TYPE=${types.join(',')}:${escapeText(number)}`;
    if (custom) labelled(line, label);
    else add(line);
  };
  const email = (address: string, label: string) => {
    const { types, custom } = emailTypes(label);
    const line = `EMAIL;TYPE=${types.join(',')}:${escapeText(address)}`;
    if (custom) labelled(line, label);
    else add(line);
  };

  if (profile.card) {
    const c = profile.card;
    add(`N:${escapeComponent(c.lastName ?? '')};${escapeComponent(c.firstName)};;;`);
    add(`FN:${escapeText([c.firstName, c.lastName].filter(Boolean).join(' '))}`);
    if (c.company) add(`ORG:${escapeComponent(c.company)}`);
    if (c.jobTitle) add(`TITLE:${escapeText(c.jobTitle)}`);
    for (const phone of c.phones) tel(phone.number, phone.label);
    for (const address of c.emails) email(address.email, address.label);
    // URI values are written as they are: RFC 2426 escapes only text values (URLs hold no new lines).
    if (c.website) add(`URL:${c.website}`);
    // The address is one free text: it goes in the street component, which readers show as it is.
    if (c.address) add(`ADR;TYPE=WORK:;;${escapeComponent(c.address)};;;;`);
    for (const link of c.socialLinks) {
      const type = socialType(link.network);
      add(`X-SOCIALPROFILE${type ? `;TYPE=${type}` : ''}:${link.url}`);
    }
    for (const link of c.customLinks) labelled(`URL:${link.url}`, link.label);
    if (c.bio) add(`NOTE:${escapeText(c.bio)}`);
  } else if (profile.tag) {
    const tag = profile.tag;
    add(`N:;${escapeComponent(tag.name)};;;`);
    add(`FN:${escapeText(tag.name)}`);
    const owner = tag.ownerContact;
    if (owner) {
      labelled(`X-ABRELATEDNAMES:${escapeText(owner.name)}`, translate(locale, 'vcard.owner'));
      if (owner.phone) tel(owner.phone, 'mobile');
      email(owner.email, '');
    }
    const note = [
      tag.description,
      tag.lostMode ? tag.lostNote : null,
      tag.lostMode && tag.reward ? translate(locale, 'vcard.reward', { reward: tag.reward }) : null,
    ];
    if (note.some(Boolean)) add(`NOTE:${escapeText(note.filter(Boolean).join('\n'))}`);
  }
  if (photo)
    add(
      'data' in photo
        ? `PHOTO;ENCODING=b;TYPE=${photoType(photo.mimeType)}:${photo.data.toString('base64')}`
        : `PHOTO;VALUE=uri:${photo.url}`,
    );
  // The company's logo (a team card's, or the owner's own) by its address on the public page (RFC 2426 §3.5.3).
  if (profile.logoUrl) add(`LOGO;VALUE=uri:${new URL(profile.logoUrl, profileUrl).href}`);
  // The public page: as a labelled link the address book shows, and as the card's source (RFC 2425 §6.1).
  labelled(`URL:${profileUrl}`, 'Enlaza');
  add(`SOURCE:${profileUrl}`);
  add(`UID:urn:uuid:${profile.id}`);
  add('END:VCARD');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
