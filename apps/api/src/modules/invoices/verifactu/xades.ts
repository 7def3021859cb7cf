import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { webcrypto } from 'node:crypto';
import { DOMParser, XMLSerializer, type Node } from '@xmldom/xmldom';
import forge from 'node-forge';
import * as xadesjs from 'xadesjs';
import * as xmldsigjs from 'xmldsigjs';

/**
 * XAdES-EPES enveloped signatures of records (NO VERI*FACTU systems sign every billing and event
 * record: Orden HAC/1177/2024, article 13, and the AEAT's "Especificaciones técnicas para la firma
 * electrónica de los registros"): the signature is the record element's last child, over the whole
 * element (reference URI "", transforms enveloped-signature and C14N), RSA-SHA256, the signer's
 * certificate in KeyInfo and in the SigningCertificate property, and the signature policy of the
 * Spanish General State Administration (AGE) v1.9, as the AEAT's examples name it.
 */
export const AGE_SIGNATURE_POLICY = {
  identifier: 'urn:oid:2.16.724.1.3.1.1.2.1.9',
  url: 'https://sede.administracion.gob.es/politica_de_firma_anexo_1.pdf',
  /** SHA-1 of the policy document, base64, as the AEAT's examples and AutoFirma give it. */
  sha1: 'G7roucf600+f03r/o0bAOQ6WAs0=',
} as const;

export type RecordSigner = {
  /**
   * The signed element: `xml` (one element with its namespaces declared) with its ds:Signature
   * appended to the root, or to the first element named `into` (an event's `sf:Evento`).
   */
  sign(xml: string, signingTime: Date, into?: string): Promise<string>;
  /** The certificate's subject, for the start-up line. */
  subject: string;
  notAfter: Date;
};

// Required, not imported: its type declarations pull the browser's DOM types into the whole API.
const xpath = createRequire(import.meta.url)('xpath') as unknown;

/**
 * What is used of xadesjs, typed here: its declarations name the browser's DOM and WebCrypto types,
 * which the API (Node, no DOM lib) does not have. The document is @xmldom/xmldom's.
 */
type Xades = {
  Application: { setEngine(name: string, crypto: unknown): void };
  setNodeDependencies(deps: Record<string, unknown>): void;
  SignedXml: new () => { Sign(algorithm: object, key: unknown, data: unknown, options: object): Promise<{ GetXml(): unknown }> };
};
const xades = xadesjs as unknown as Xades;
/** xmldsigjs (xadesjs's own XMLDSig core) verifies: xadesjs 2.6 cannot read back its policy qualifiers. */
type Xmldsig = {
  Application: { setEngine(name: string, crypto: unknown): void };
  SignedXml: new (doc: unknown) => { LoadXml(signature: unknown): void; Verify(): Promise<boolean> };
};
const xmldsig = xmldsigjs as unknown as Xmldsig;

let engineSet = false;
function useNodeCrypto() {
  if (engineSet) return;
  xades.Application.setEngine('NodeJS', webcrypto);
  // Node has no DOM: xadesjs parses, serialises and selects with these.
  xades.setNodeDependencies({ DOMParser, XMLSerializer, xpath });
  xmldsig.Application.setEngine('NodeJS', webcrypto);
  engineSet = true;
}

/** The key and certificate of a PKCS#12 file (.p12/.pfx): the first certificate with a private key. */
function readPkcs12(bytes: Buffer, password: string): { keyPkcs8: Buffer; certDer: Buffer; subject: string; notAfter: Date } {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
  const p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  const bags = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const keyBag = bags(forge.pki.oids.pkcs8ShroudedKeyBag!)[0] ?? bags(forge.pki.oids.keyBag!)[0];
  if (!keyBag?.key) throw new Error('the PKCS#12 file holds no private key');
  const certBags = bags(forge.pki.oids.certBag!);
  const localKeyId = (bag: forge.pkcs12.Bag) => (bag.attributes as Record<string, unknown[] | undefined>).localKeyId?.[0];
  const keyId = localKeyId(keyBag);
  const certBag = certBags.find((b) => keyId !== undefined && localKeyId(b) === keyId) ?? certBags[0];
  if (!certBag?.cert) throw new Error('the PKCS#12 file holds no certificate');
  const keyInfo = forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(keyBag.key));
  const der = (a: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(a).getBytes(), 'binary');
  const cert = certBag.cert;
  return {
    keyPkcs8: der(keyInfo),
    certDer: der(forge.pki.certificateToAsn1(cert)),
    subject: cert.subject.attributes.map((a) => `${a.shortName ?? a.name}=${String(a.value)}`).join(', '),
    notAfter: cert.validity.notAfter,
  };
}

const SIGN_ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: { name: 'SHA-256' } };

/** A signer with the key and certificate of a PKCS#12 file (VERIFACTU_CERT_FILE, VERIFACTU_CERT_PASSWORD). */
export async function loadRecordSigner(file: string, password: string): Promise<RecordSigner> {
  useNodeCrypto();
  const { keyPkcs8, certDer, subject, notAfter } = readPkcs12(readFileSync(file), password);
  const key = await webcrypto.subtle.importKey('pkcs8', keyPkcs8, SIGN_ALGORITHM, false, ['sign']);
  const certificate = certDer.toString('base64');
  return {
    subject,
    notAfter,
    async sign(xml, signingTime, into) {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      const signature = await new xades.SignedXml().Sign(SIGN_ALGORITHM, key, doc, {
        x509: [certificate],
        references: [{ uri: '', hash: 'SHA-256', transforms: ['enveloped', 'c14n'] }],
        signingCertificate: { certificate, digestAlgorithm: 'SHA-256' },
        signingTime: { value: signingTime },
        policy: {
          identifier: { qualifier: 'OIDAsURI', value: AGE_SIGNATURE_POLICY.identifier },
          hash: 'SHA-1',
          digestValue: AGE_SIGNATURE_POLICY.sha1,
          qualifiers: [AGE_SIGNATURE_POLICY.url],
        },
      });
      const parent = into ? Array.from(doc.getElementsByTagName('*')).find((e) => e.localName === into) : doc.documentElement;
      if (!parent) throw new Error(`no element ${into} to sign into`);
      parent.appendChild(signature.GetXml() as Node);
      return new XMLSerializer().serializeToString(doc);
    },
  };
}

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';

/**
 * Verifies a stored signed record: every reference of its signature (the record itself, enveloped,
 * and the XAdES signed properties) against the digests, and the signature value against the
 * certificate in its KeyInfo. Answers the record's `Huella` as signed, so the caller can hold it
 * against the chain; `valid: false` for a record changed after signing, or no signature at all.
 */
export async function verifySignedRecord(signedXml: string): Promise<{ valid: boolean; huella: string | null }> {
  useNodeCrypto();
  const doc = new DOMParser().parseFromString(signedXml, 'application/xml');
  const all = Array.from(doc.getElementsByTagName('*'));
  const signature = all.find((e) => e.localName === 'Signature' && e.namespaceURI === DSIG);
  // The record's own Huella, a child of its root (the one under Encadenamiento is the previous record's).
  const root = doc.documentElement;
  const huella = all.find((e) => e.localName === 'Huella' && e.parentNode === root)?.textContent?.trim() ?? null;
  if (!signature) return { valid: false, huella };
  try {
    const signed = new xmldsig.SignedXml(doc);
    signed.LoadXml(signature);
    return { valid: await signed.Verify(), huella };
  } catch {
    // A digest that does not match throws (xmldsigjs's XMLJS0013): the record was changed.
    return { valid: false, huella };
  }
}
