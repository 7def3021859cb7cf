import { CARDBRANDS, PRODUCTION_URLS, SANDBOX_URLS, type UrlsConfig } from 'redsys-easy';
import type { RedsysConfig } from '../../../config.js';
import type { DeclineReason, SavedMethod } from './types.js';

/** What Redsys' messages mean for the app (the provider is providers/redsys.ts). */

export type RedsysSettings = RedsysConfig & {
  /** The app's public address: the notification URL and the return pages are under it. */
  publicUrl: string;
  /** The HTTP client for Redsys' REST calls (default: the runtime's fetch). */
  fetch?: typeof fetch;
};

/** The `methodRef` of a one-off Bizum payment (there is no saved Bizum method). */
export const BIZUM_METHOD_REF = 'redsys:bizum';

/** The signed form the browser POSTs to Redsys' page (top-level navigation). */
export type RedsysRedirectForm = {
  url: string;
  fields: { Ds_SignatureVersion: string; Ds_MerchantParameters: string; Ds_Signature: string };
};

/** What Redsys reports of an operation (a REST answer, a notification, a return to URLOK/URLKO), verified. */
export type RedsysResult = {
  Ds_Order: string;
  Ds_Response?: string | undefined;
  Ds_Amount?: string | undefined;
  Ds_TransactionType?: string | undefined;
  Ds_AuthorisationCode?: string | undefined;
  Ds_Merchant_Identifier?: string | undefined;
  Ds_Merchant_Cof_Txnid?: string | undefined;
  Ds_Card_Number?: string | undefined;
  Ds_CardNumber?: string | undefined;
  Ds_Card_Brand?: string | undefined;
  Ds_ExpiryDate?: string | undefined;
  Ds_ProcessedPayMethod?: string | undefined;
};

/** Redsys' addresses for an environment, or under REDSYS_URL (a stand-in). */
export function redsysUrls(settings: Pick<RedsysConfig, 'environment' | 'baseUrl'>): UrlsConfig {
  if (!settings.baseUrl) return settings.environment === 'live' ? PRODUCTION_URLS : SANDBOX_URLS;
  return {
    redirect: `${settings.baseUrl}/sis/realizarPago`,
    restTrataPeticion: `${settings.baseUrl}/sis/rest/trataPeticionREST`,
    restIniciaPeticion: `${settings.baseUrl}/sis/rest/iniciaPeticionREST`,
  };
}

/** Where Redsys serves its query web service, under its test or live host. */
export const REDSYS_QUERY_PATH = '/apl02/services/SerClsWSConsulta';

/**
 * The address of Redsys' query web service ("consultas SOAP", `SerClsWSConsulta`) for an environment,
 * or under REDSYS_URL (a stand-in), as Redsys' document "TPV-Virtual Consulta SOAP" gives it.
 */
export function redsysQueryUrl(settings: Pick<RedsysConfig, 'environment' | 'baseUrl'>): string {
  if (settings.baseUrl) return `${settings.baseUrl}${REDSYS_QUERY_PATH}`;
  return `${settings.environment === 'live' ? 'https://sis.redsys.es' : 'https://sis-t.redsys.es:25443'}${REDSYS_QUERY_PATH}`;
}

export type ResponseVerdict = { status: 'succeeded' } | { status: 'requires_action' } | { status: 'failed'; reason: DeclineReason };

/**
 * What a `Ds_Response` means for us. 0000–0099 authorised (0900 a refund, 0400 a cancellation
 * accepted); 0195 the bank wants the customer's authentication (SCA); 0116 not enough funds; 0184
 * the cardholder's authentication failed; 9xxx (and SIS errors) a processing error; any other a decline.
 */
export function redsysResponseStatus(code: string | undefined): ResponseVerdict {
  const n = Number.parseInt(code ?? '', 10);
  if (!Number.isFinite(n)) return { status: 'failed', reason: 'processing_error' };
  if ((n >= 0 && n <= 99) || n === 900 || n === 400) return { status: 'succeeded' };
  if (n === 195) return { status: 'requires_action' };
  if (n === 116) return { status: 'failed', reason: 'insufficient_funds' };
  if (n === 184) return { status: 'failed', reason: 'authentication_failed' };
  if (n >= 9000) return { status: 'failed', reason: 'processing_error' };
  return { status: 'failed', reason: 'card_declined' };
}

const BRAND_NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(CARDBRANDS).map(([name, code]) => [code, name.toLowerCase()]),
);

/**
 * What a verified result of Redsys' page says of a card saved: the token (`Ds_Merchant_Identifier`),
 * the COF transaction id, and what may be shown (the masked number's last four, brand, expiry YYMM).
 */
export function savedCard(result: RedsysResult, holder: string): { method: SavedMethod; cofTxnId: string | null } | null {
  const token = result.Ds_Merchant_Identifier;
  if (!token) return null;
  const masked = result.Ds_Card_Number ?? result.Ds_CardNumber ?? '';
  const expiry = result.Ds_ExpiryDate && /^\d{4}$/.test(result.Ds_ExpiryDate) ? result.Ds_ExpiryDate : null;
  return {
    method: {
      kind: 'card',
      ref: token,
      brand: BRAND_NAMES[result.Ds_Card_Brand ?? ''] ?? 'card',
      last4: masked.replace(/\D/g, '').slice(-4),
      expMonth: expiry ? Number(expiry.slice(2, 4)) : null,
      expYear: expiry ? 2000 + Number(expiry.slice(0, 2)) : null,
      holder,
    },
    cofTxnId: result.Ds_Merchant_Cof_Txnid ?? null,
  };
}
