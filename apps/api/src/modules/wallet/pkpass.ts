import { createHash } from 'node:crypto';
import { zipSync } from 'fflate';
import forge from 'node-forge';
import sharp from 'sharp';
import { textOn } from '@enlaza/contracts';
import type { AppleWalletConfig } from '../../config.js';

/** What a card's pass shows. */
export type PassCard = {
  serialNumber: string;
  name: string;
  jobTitle: string | null;
  company: string | null;
  /** The card's public address: the QR code's message. */
  url: string;
  color: string;
  /** The card's photo (any format sharp reads), or null for a plain mark in the card's colour. */
  photo: Buffer | null;
  labels: { title: string; company: string; link: string };
};

/** The signing material, parsed once per process. */
export type PassSigner = { passTypeId: string; teamId: string; sign(manifest: Buffer): Buffer };

export function createPassSigner(apple: AppleWalletConfig): PassSigner {
  const certificate = forge.pki.certificateFromPem(apple.certificatePem);
  const wwdr = forge.pki.certificateFromPem(apple.wwdrPem);
  const key = apple.keyPassword
    ? forge.pki.decryptRsaPrivateKey(apple.keyPem, apple.keyPassword)
    : forge.pki.privateKeyFromPem(apple.keyPem);
  return {
    passTypeId: apple.passTypeId,
    teamId: apple.teamId,
    /** PKCS#7 detached signature (DER) of manifest.json, carrying the pass certificate and Apple's WWDR intermediate. */
    sign(manifest) {
      const p7 = forge.pkcs7.createSignedData();
      p7.content = forge.util.createBuffer(manifest.toString('binary'));
      p7.addCertificate(certificate);
      p7.addCertificate(wwdr);
      p7.addSigner({
        key,
        certificate,
        digestAlgorithm: forge.pki.oids.sha256!,
        authenticatedAttributes: [
          { type: forge.pki.oids.contentType!, value: forge.pki.oids.data! },
          { type: forge.pki.oids.messageDigest! },
          // Wallet checks the signing time against the certificate's validity.
          { type: forge.pki.oids.signingTime! },
        ],
      });
      p7.sign({ detached: true });
      return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
    },
  };
}

const hex = (color: string) => {
  const n = parseInt(color.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};
/** Black or white text, whichever reads on the card's colour (as the public page), as the pass's `rgb()`. */
const onColor = (color: string) => hex(textOn(color));

/** The pass's images: icon (29 pt), logo (160×50 pt at most) and thumbnail (90 pt), at 1× and 2×. */
async function images(card: PassCard): Promise<Record<string, Buffer>> {
  // Without a photo: a round mark in the card's colour (no text, so no font is needed on the server).
  const mark = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="180"><rect width="180" height="180" fill="${card.color}"/><circle cx="90" cy="90" r="54" fill="${onColor(card.color)}" fill-opacity="0.85"/></svg>`,
  );
  const source = card.photo ?? mark;
  const square = async (size: number) => {
    try {
      return await sharp(source).rotate().resize(size, size, { fit: 'cover' }).png().toBuffer();
    } catch {
      // A photo sharp cannot read still gives a pass, with the plain mark.
      return sharp(mark).resize(size, size).png().toBuffer();
    }
  };
  const [icon, icon2x, logo, logo2x, thumbnail, thumbnail2x] = await Promise.all([
    square(29),
    square(58),
    square(50),
    square(100),
    square(90),
    square(180),
  ]);
  return {
    'icon.png': icon,
    'icon@2x.png': icon2x,
    'logo.png': logo,
    'logo@2x.png': logo2x,
    'thumbnail.png': thumbnail,
    'thumbnail@2x.png': thumbnail2x,
  };
}

/** pass.json of a generic pass for a card. */
export function passJson(
  card: PassCard,
  options: { passTypeId: string; teamId: string; authenticationToken: string; webServiceURL: string | null },
) {
  const barcode = { message: card.url, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1', altText: card.name };
  return {
    formatVersion: 1,
    passTypeIdentifier: options.passTypeId,
    teamIdentifier: options.teamId,
    serialNumber: card.serialNumber,
    organizationName: card.company || card.name,
    description: card.name,
    logoText: card.company ?? undefined,
    backgroundColor: hex(card.color),
    foregroundColor: onColor(card.color),
    labelColor: onColor(card.color),
    sharingProhibited: false,
    authenticationToken: options.authenticationToken,
    ...(options.webServiceURL ? { webServiceURL: options.webServiceURL } : {}),
    barcodes: [barcode],
    // iOS 8 and older read only the singular key.
    barcode,
    generic: {
      primaryFields: [{ key: 'name', value: card.name }],
      secondaryFields: [
        ...(card.jobTitle ? [{ key: 'title', label: card.labels.title, value: card.jobTitle }] : []),
        ...(card.company ? [{ key: 'company', label: card.labels.company, value: card.company }] : []),
      ],
      backFields: [{ key: 'link', label: card.labels.link, value: card.url }],
    },
  };
}

/** A signed .pkpass: pass.json, the images, manifest.json (SHA-1 of each file) and its signature, zipped. */
export async function buildPkpass(
  card: PassCard,
  signer: PassSigner,
  options: { authenticationToken: string; webServiceURL: string | null },
): Promise<Buffer> {
  const files: Record<string, Buffer> = {
    'pass.json': Buffer.from(JSON.stringify(passJson(card, { ...options, passTypeId: signer.passTypeId, teamId: signer.teamId }))),
    ...(await images(card)),
  };
  const manifest = Buffer.from(
    JSON.stringify(Object.fromEntries(Object.entries(files).map(([name, data]) => [name, createHash('sha1').update(data).digest('hex')]))),
  );
  files['manifest.json'] = manifest;
  files['signature'] = signer.sign(manifest);
  // PNGs are compressed already: stored as they are.
  const zip = zipSync(
    Object.fromEntries(Object.entries(files).map(([name, data]) => [name, [data, { level: name.endsWith('.png') ? 0 : 6 }]])),
  );
  return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
}
