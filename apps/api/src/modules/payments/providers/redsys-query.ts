import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { parseXml } from '../../../lib/xml.js';
import { redsysQueryUrl, type RedsysResult, type RedsysSettings } from './redsys-protocol.js';

/**
 * Redsys' query web service ("consultas SOAP": `SerClsWSConsulta`, operation `consultaOperaciones`),
 * as Redsys' documents "TPV-Virtual Consulta SOAP" (RS.TE.CEL.MAN.0021, version 1.4) and "Consultas
 * SOAP HMAC SHA256" (RS.TE.CEL.MAN.0006, version 2.5) describe it (docs/billing.md, "Redsys").
 *
 * It is one SOAP 1.1 call (document/literal): our message is an XML string in `cadenaXML`, Redsys'
 * answer another XML string in `consultaOperacionesReturn`. The message asks for the operations of one
 * transaction type under one order number ("Transacción simple"):
 *
 *   <Messages><Version Ds_Version="0.0"><Message><Transaction>Ds_MerchantCode, Ds_Terminal, Ds_Order,
 *   Ds_TransactionType</Transaction></Message></Version><Signature>…</Signature>
 *   <SignatureVersion>HMAC_SHA256_V1</SignatureVersion></Messages>
 *
 * Both the message and the answer are signed with the terminal's key as every Redsys message is
 * (HMAC_SHA256_V1: the order number, zero-padded to a multiple of 8 bytes, encrypted with 3DES under
 * the key is the HMAC-SHA256 key), but what is signed is the `<Version>` element as it is sent, from
 * `<Version` to `</Version>`, with no whitespace between the tags. An answer that lists operations is
 * believed only once its signature verifies. An error answer (`<ErrorMsg>`) carries no signature:
 * "no operations for those data" (XML0024) is read as "not found", which only ever makes us wait.
 */

/** One operation Redsys reports under an order: its state (`F`: finished) and its result. */
export type RedsysQueriedOperation = { state: string; result: RedsysResult };

/**
 * Redsys' answer about one order: unknown to it, or its operation of that type and the state it is in
 * (the finished one when there are several), and every operation of that type under the order (a
 * payment's refunds are several).
 */
export type RedsysQueryAnswer =
  | { found: false }
  /** `final`: Redsys has finished the operation (`Ds_State` F) and `result.Ds_Response` says how. */
  | { found: true; final: boolean; state: string; result: RedsysResult; operations: RedsysQueriedOperation[] };

/** Redsys refused the query (an `ErrorMsg` other than "not found", a SOAP fault) or its answer cannot be believed. */
export class RedsysQueryError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RedsysQueryError';
  }
}

/** "No operations for those data" (Redsys' query service error codes). */
const NOT_FOUND = 'XML0024';
const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const SERVICE_NS = 'http://webservices.apl02.redsys.es';
const ELEMENT_NODE = 1;
// The answer's fields, as Redsys' schema names them, that the app reads.
const FIELDS = ['Ds_Order', 'Ds_TransactionType', 'Ds_Amount', 'Ds_Response', 'Ds_AuthorisationCode', 'Ds_CardNumber'] as const;

/** HMAC_SHA256_V1 of any text under the key of one order (written with node:crypto: redsys-easy signs JSON parameters only). */
export function redsysTextSignature(secretKeyBase64: string, order: string, text: string): string {
  const data = Buffer.from(order, 'utf8');
  const cipher = createCipheriv('des-ede3-cbc', Buffer.from(secretKeyBase64, 'base64'), Buffer.alloc(8));
  cipher.setAutoPadding(false);
  const orderKey = Buffer.concat([cipher.update(Buffer.concat([data, Buffer.alloc((8 - (data.length % 8)) % 8)])), cipher.final()]);
  return createHmac('sha256', orderKey).update(text, 'utf8').digest('base64');
}

/** Compared as bytes, whichever base64 alphabet the signature was written in. */
function sameSignature(expected: string, received: string): boolean {
  const bytes = (s: string) => Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  const a = bytes(expected);
  const b = bytes(received);
  return a.length > 0 && a.length === b.length && timingSafeEqual(a, b);
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The signed `<Messages>` asking for the operations of `transactionType` under `order`. */
export function redsysQueryMessage(
  settings: Pick<RedsysSettings, 'merchantCode' | 'terminal' | 'secretKey'>,
  order: string,
  transactionType: string,
): string {
  const fields = {
    Ds_MerchantCode: settings.merchantCode,
    Ds_Terminal: settings.terminal,
    Ds_Order: order,
    Ds_TransactionType: transactionType,
  };
  const transaction = Object.entries(fields)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('');
  const version = `<Version Ds_Version="0.0"><Message><Transaction>${transaction}</Transaction></Message></Version>`;
  const signature = redsysTextSignature(settings.secretKey, order, version);
  return `<Messages>${version}<Signature>${signature}</Signature><SignatureVersion>HMAC_SHA256_V1</SignatureVersion></Messages>`;
}

/** The SOAP envelope that carries a message to `consultaOperaciones` (the message as character data). */
export function redsysQueryEnvelope(message: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV}" xmlns:web="${SERVICE_NS}"><soapenv:Header/><soapenv:Body>` +
    `<web:consultaOperaciones><cadenaXML><![CDATA[${message}]]></cadenaXML></web:consultaOperaciones>` +
    `</soapenv:Body></soapenv:Envelope>`
  );
}

const childText = (parent: Element, name: string): string | undefined => {
  const [element] = Array.from(parent.getElementsByTagName(name));
  return element ? (element.textContent ?? '').trim() : undefined;
};

/**
 * Reads Redsys' `<Messages>` answer about `order`: its signature verified over the `<Version>` element
 * exactly as received (a signature that does not verify throws: the answer is not believed).
 */
export function readRedsysQueryMessages(secretKey: string, order: string, messages: string): RedsysQueryAnswer {
  const doc = parseXml(messages, "Redsys' query answer");
  const [error] = Array.from(doc.getElementsByTagName('ErrorMsg'));
  if (error) {
    const code = childText(error, 'Ds_ErrorCode') ?? '';
    if (code === NOT_FOUND) return { found: false };
    throw new RedsysQueryError(code, `Redsys refused the query of order ${order}: ${code || 'no error code'}`);
  }
  const version = /<Version\b[^>]*>[\s\S]*<\/Version>/.exec(messages)?.[0];
  const signature = childText(doc.documentElement!, 'Signature');
  if (!version || !signature || !sameSignature(redsysTextSignature(secretKey, order, version), signature))
    throw new RedsysQueryError('signature', `the signature of Redsys' query answer about order ${order} does not verify`);
  // The operations are read from the signed characters themselves, so nothing outside them is believed.
  const operations = Array.from(parseXml(version, "Redsys' query answer").getElementsByTagName('Response'))
    .map((response) => {
      const read = Object.fromEntries(FIELDS.map((field) => [field, childText(response, field)])) as Partial<RedsysResult>;
      const result: RedsysResult = { ...read, Ds_Order: read.Ds_Order ?? '' };
      return { state: childText(response, 'Ds_State') ?? '', result };
    })
    .filter((operation) => operation.result.Ds_Order === order);
  if (operations.length === 0) return { found: false };
  const finished = (o: (typeof operations)[number]) => o.state === 'F' && Boolean(o.result.Ds_Response);
  const operation = operations.find(finished) ?? operations[0]!;
  return { found: true, final: finished(operation), state: operation.state, result: operation.result, operations };
}

/** Reads the SOAP answer of `consultaOperaciones` (or its fault, which throws). */
export function readRedsysQueryAnswer(secretKey: string, order: string, envelope: string): RedsysQueryAnswer {
  const doc = parseXml(envelope, "Redsys' query service answer");
  const [fault] = Array.from(doc.getElementsByTagNameNS(SOAP_ENV, 'Fault'));
  if (fault) throw new RedsysQueryError('fault', `Redsys' query service answered a SOAP fault: ${childText(fault, 'faultstring') ?? ''}`);
  // Read by local name: whether the answer's elements are in the service's namespace is the server's choice.
  const [answer] = Array.from(doc.getElementsByTagNameNS('*', 'consultaOperacionesReturn'));
  if (!answer) throw new RedsysQueryError('XML', "Redsys' query service answered without consultaOperacionesReturn");
  // The WSDL makes the answer a string (the message escaped, or in CDATA): its text is the message. Were
  // the message embedded as elements instead, its characters as received are taken, since they are
  // what the signature is of.
  const embedded = Array.from(answer.childNodes).some((node) => node.nodeType === ELEMENT_NODE);
  const messages = embedded
    ? (/<(?:[\w.-]+:)?consultaOperacionesReturn\b[^>]*>([\s\S]*)<\/(?:[\w.-]+:)?consultaOperacionesReturn>/.exec(envelope)?.[1] ?? '')
    : (answer.textContent ?? '');
  return readRedsysQueryMessages(secretKey, order, messages);
}

/** How long one query may take before it is given up (the caller waits and asks again later). */
const QUERY_TIMEOUT_MS = 30_000;

/**
 * The query client, configured like the rest of the provider (merchant, terminal, key, REDSYS_URL or
 * the environment's host, the same fetch). Answers what Redsys knows of one operation; throws when it
 * could not be asked, refused, or its answer does not verify.
 */
export function createRedsysQuery(settings: RedsysSettings) {
  const url = redsysQueryUrl(settings);
  const fetchFn = settings.fetch ?? globalThis.fetch;
  return async function queryOrder(order: string, transactionType: string): Promise<RedsysQueryAnswer> {
    const res = await fetchFn(url, {
      method: 'POST',
      // The action as the service's WSDL names it, unquoted as Redsys' clients send it.
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: 'consultaOperaciones' },
      body: redsysQueryEnvelope(redsysQueryMessage(settings, order, transactionType)),
      signal: AbortSignal.timeout(QUERY_TIMEOUT_MS),
    });
    const body = await res.text();
    // A SOAP fault comes with a 500: read it for its reason; any other failure is the status.
    if (!res.ok && !body.includes('Fault')) throw new RedsysQueryError('http', `Redsys' query service answered ${res.status}`);
    return readRedsysQueryAnswer(settings.secretKey, order, body);
  };
}

export type RedsysQuery = ReturnType<typeof createRedsysQuery>;
