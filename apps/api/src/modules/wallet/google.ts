import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type { GoogleWalletConfig } from '../../config.js';
import type { PassCard } from './pkpass.js';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The class every card's object belongs to (created with the first save, from the JWT). */
const CLASS_SUFFIX = 'enlaza_business_card';

/** Google Wallet objects ids: `<issuer>.<suffix>`, the suffix of letters, digits, `.`, `_` or `-`. */
export const googleObjectId = (issuerId: string, serial: string) => `${issuerId}.card_${serial.replace(/[^\w.-]/g, '_')}`;

/** Signs "Save to Google Wallet" links: an RS256 JWT with the card as a generic object. */
export function createGoogleSaver(google: GoogleWalletConfig, publicUrl: string) {
  const key: KeyObject = createPrivateKey(google.privateKeyPem);
  const classId = `${google.issuerId}.${CLASS_SUFFIX}`;

  /** The JWT's claims for a card (exported for the tests' reading). */
  function claims(card: PassCard, locale: string, now: Date) {
    const text = (value: string) => ({ defaultValue: { language: locale === 'jp' ? 'ja' : locale, value } });
    return {
      iss: google.clientEmail,
      aud: 'google',
      typ: 'savetowallet',
      iat: Math.floor(now.getTime() / 1000),
      origins: [publicUrl],
      payload: {
        genericClasses: [{ id: classId }],
        genericObjects: [
          {
            id: googleObjectId(google.issuerId, card.serialNumber),
            classId,
            state: 'ACTIVE',
            cardTitle: text(card.company || card.name),
            header: text(card.name),
            ...(card.jobTitle ? { subheader: text(card.jobTitle) } : {}),
            hexBackgroundColor: card.color,
            barcode: { type: 'QR_CODE', value: card.url, alternateText: card.name },
            textModulesData: [
              ...(card.company ? [{ id: 'company', header: card.labels.company, body: card.company }] : []),
              { id: 'link', header: card.labels.link, body: card.url },
            ],
            linksModuleData: { uris: [{ uri: card.url, description: card.labels.link, id: 'card' }] },
          },
        ],
      },
    };
  }

  return {
    claims,
    /** https://pay.google.com/gp/v/save/<jwt> */
    saveUrl(card: PassCard, locale: string, now = new Date()): string {
      const signingInput = `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(claims(card, locale, now))}`;
      const signature = sign('sha256', Buffer.from(signingInput), key).toString('base64url');
      return `https://pay.google.com/gp/v/save/${signingInput}.${signature}`;
    },
  };
}

export type GoogleSaver = ReturnType<typeof createGoogleSaver>;
