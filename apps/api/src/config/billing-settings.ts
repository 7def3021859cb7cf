import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { z } from 'zod';
import { isEuCountry } from '@enlaza/contracts';
import { isIanaTimeZone } from '../lib/time-zone.js';
import { optionalString } from './env-values.js';

/** The seller of the demo (the README's first command): a well-formed NIF nobody owns. */
export const DEMO_SELLER_TAX_ID = 'ESB00000000';
/** The demo seller's name, the default of SELLER_NAME. */
export const DEMO_SELLER_NAME = 'Enlaza Demo S.L.';

/** The AEAT's production endpoint of the VERI*FACTU service "SistemaFacturacion" (mutual TLS). */
export const VERIFACTU_PRODUCTION_ENDPOINT = 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP';

/** The seller printed on invoices, the invoices' fonts and QR code (part of the API's settings, config.ts). */
export const sellerEnv = {
  SELLER_NAME: z.string().trim().min(1).default(DEMO_SELLER_NAME),
  SELLER_TAX_ID: z.string().trim().min(1).default(DEMO_SELLER_TAX_ID),
  SELLER_ADDRESS: z.string().trim().min(1).default('Calle Mayor 1, 28013 Madrid'),
  /**
   * Lets NODE_ENV=production issue invoices as the demo seller (SELLER_NAME and SELLER_TAX_ID left
   * at their placeholders): the README's local demo and the browser tests. Refused otherwise.
   */
  DEMO_SELLER: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** An EU member state: the VAT rules (tax-rules.ts) are an EU seller's. */
  SELLER_COUNTRY: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine(isEuCountry, 'an EU member state (ISO 3166 code, e.g. ES): the VAT rules built are those of a seller in the EU')
    .default('ES'),
  /**
   * Whether a VAT number of another member state is looked up in VIES (the European Commission's
   * register) when a customer saves it: `off` checks its format and check digits only. Unset: `on`
   * with NODE_ENV=production (the reverse charge is only for a registered business), else `off`.
   */
  VIES_CHECK: optionalString.pipe(z.enum(['off', 'on']).optional()),
  /** VIES's REST service (POST {countryCode, vatNumber}); a local stand-in in tests. */
  VIES_URL: z.string().trim().url().default('https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number'),
  /** The seller's calendar: invoice issue dates, series years, date filters and revenue months. */
  SELLER_TIME_ZONE: z.string().trim().default('Europe/Madrid').refine(isIanaTimeZone, 'an IANA time zone name, e.g. Europe/Madrid'),
  /** Empty: the bundled Noto Sans JP; `builtin`: Helvetica (no Japanese); else a TrueType/OpenType file. */
  INVOICE_PDF_FONT: optionalString,
  /** Host of the tax agency's QR verification URL printed on invoices (preproduction: prewww2.aeat.es). */
  INVOICE_QR_HOST: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'a host name, e.g. www2.agenciatributaria.gob.es')
    .default('www2.agenciatributaria.gob.es'),
  /**
   * How invoices are kept for the Spanish tax agency (Real Decreto 1007/2023): no-verifactu, the
   * records stay here (the QR points at ValidarQRNoVerifactu, no legend); verifactu, every record is
   * sent to the AEAT (ValidarQR and the "VERI*FACTU" legend).
   */
  VERIFACTU_MODE: z.enum(['no-verifactu', 'verifactu']).default('no-verifactu'),
  /**
   * The seller's qualified certificate with its private key, a PKCS#12 file (.p12/.pfx): in
   * no-verifactu mode every record and event is signed with it (XAdES, verifactu/xades.ts).
   * Required with NODE_ENV=production in no-verifactu mode; unset elsewhere, records are stored unsigned.
   */
  VERIFACTU_CERT_FILE: optionalString,
  /** The PKCS#12 file's password. */
  VERIFACTU_CERT_PASSWORD: z.string().default(''),
  /**
   * The AEAT's VERI*FACTU SOAP service the records are sent to in verifactu mode (preproduction:
   * https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP). HTTPS with the
   * client certificate; plain http only to this machine (the tests' stand-in).
   */
  VERIFACTU_ENDPOINT: z
    .string()
    .trim()
    .url()
    .refine((v) => v.startsWith('https://') || /^http:\/\/127\.0\.0\.1(:\d+)?\//.test(v), 'an https:// URL (http:// only to 127.0.0.1)')
    .default(VERIFACTU_PRODUCTION_ENDPOINT),
  /** Records per request to the AEAT, at most its limit of 1,000 (fewer: smaller requests, more of them). */
  VERIFACTU_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(1000),
};

/**
 * Why a production process must not issue invoices in the seller's name as configured: SELLER_TAX_ID
 * or SELLER_NAME left at (or set to) the demo's placeholder, whatever PUBLIC_URL says (an http or
 * missing URL is no proof of a demo). Null when it may; DEMO_SELLER=true says it is the demo.
 */
export function demoSellerRefusal(e: {
  NODE_ENV: string;
  DEMO_SELLER: boolean;
  SELLER_NAME: string;
  SELLER_TAX_ID: string;
}): string | null {
  if (e.NODE_ENV !== 'production' || e.DEMO_SELLER) return null;
  const placeholders = [
    ...(e.SELLER_TAX_ID === DEMO_SELLER_TAX_ID ? [`SELLER_TAX_ID is the demo placeholder ${DEMO_SELLER_TAX_ID}`] : []),
    ...(e.SELLER_NAME === DEMO_SELLER_NAME ? [`SELLER_NAME is the demo placeholder ${DEMO_SELLER_NAME}`] : []),
  ];
  if (placeholders.length === 0) return null;
  return `${placeholders.join(' and ')} (unset, or set to it): with NODE_ENV=production every invoice would be issued in its name. Set SELLER_NAME, SELLER_TAX_ID and SELLER_ADDRESS to the seller's own, or DEMO_SELLER=true for a local demo`;
}

/** The bundled Noto Sans JP (SIL Open Font License), regular and bold. */
const bundledFont = (weight: '400Regular' | '700Bold') =>
  createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-sans-jp/${weight}/NotoSansJP_${weight}.ttf`);

/** The invoice PDF's fonts (INVOICE_PDF_FONT): the bundled ones, Helvetica (`builtin`), or a file. */
export function pdfFont(setting: string | undefined): { regular: string; bold: string } | null {
  if (!setting) return { regular: bundledFont('400Regular'), bold: bundledFont('700Bold') };
  if (setting.toLowerCase() === 'builtin') return null;
  return { regular: resolve(setting), bold: resolve(setting) };
}
