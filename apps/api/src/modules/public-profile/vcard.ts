import type { PublicProfile } from '@enlaza/contracts';

/** RFC 6350 §3.4: backslash, comma, semicolon and new lines are escaped in text values. */
export const escapeText = (value: string) => value.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r\n|\r|\n/g, '\\n');

/** RFC 6350 §3.2: lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 character. */
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

/** The contact's picture: its bytes (written as a data: URI) or, when too large to embed, its address. */
export type VCardPhoto = { mimeType: string; data: Buffer } | { url: string } | null;

/** A vCard 4.0 of a card (or of a tag's owner, when the tag shows it) that imports into phone address books. */
export function buildVCard(profile: PublicProfile, profileUrl: string, photo: VCardPhoto = null): string {
  const lines = ['BEGIN:VCARD', 'VERSION:4.0'];
  const add = (line: string) => lines.push(line);
  if (profile.card) {
    const c = profile.card;
    add(`FN:${escapeText([c.firstName, c.lastName].filter(Boolean).join(' '))}`);
    add(`N:${escapeText(c.lastName ?? '')};${escapeText(c.firstName)};;;`);
    if (c.company) add(`ORG:${escapeText(c.company)}`);
    if (c.jobTitle) add(`TITLE:${escapeText(c.jobTitle)}`);
    for (const phone of c.phones) add(`TEL;VALUE=uri;TYPE=voice:tel:${phone.number}`);
    for (const email of c.emails) add(`EMAIL:${escapeText(email.email)}`);
    // URI values are written as they are (RFC 6350 escapes only text values).
    if (c.website) add(`URL:${c.website}`);
    if (c.address) add(`ADR:;;${escapeText(c.address)};;;;`);
    for (const link of c.socialLinks) add(`X-SOCIALPROFILE;TYPE=${link.network}:${link.url}`);
    if (c.bio) add(`NOTE:${escapeText(c.bio)}`);
  } else if (profile.tag) {
    const owner = profile.tag.ownerContact;
    add(`FN:${escapeText(owner?.name ?? profile.tag.name)}`);
    if (owner?.phone) add(`TEL;VALUE=uri;TYPE=voice:tel:${owner.phone}`);
    if (owner?.email) add(`EMAIL:${escapeText(owner.email)}`);
    add(`NOTE:${escapeText([profile.tag.name, profile.tag.description].filter(Boolean).join('\n'))}`);
  }
  // RFC 6350 §6.2.4: PHOTO is a URI; a data: URI carries the image itself, so it works offline.
  if (photo) add(`PHOTO:${'data' in photo ? `data:${photo.mimeType};base64,${photo.data.toString('base64')}` : photo.url}`);
  add(`SOURCE:${profileUrl}`);
  add('END:VCARD');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
