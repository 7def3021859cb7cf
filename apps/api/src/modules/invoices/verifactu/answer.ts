import type { Document, Element } from '@xmldom/xmldom';
import { parseXml } from '../../../lib/xml.js';

/**
 * Reads the AEAT's answer to a RegFactuSistemaFacturacion request (RespuestaSuministro.xsd, in a
 * SOAP 1.1 envelope), or its SOAP fault. Read by namespace and local name: the AEAT's prefixes (`tikR:`,
 * `tik:`, `env:`) are not part of the contract, the namespaces are.
 */

export type SendState = 'Correcto' | 'ParcialmenteCorrecto' | 'Incorrecto';
export type LineState = 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';
export type AnswerLine = {
  issuerTaxId: string;
  number: string;
  issueDate: string;
  state: LineState;
  errorCode: string | null;
  errorDescription: string | null;
  /** The AEAT already holds this record (code 3000) and says in which state (Correcta, AceptadaConErrores, Anulada). */
  duplicateState: string | null;
};
export type SubmissionAnswer = {
  sendState: SendState;
  /** The request's secure verification code, when at least one record was registered. */
  csv: string | null;
  /** Seconds the AEAT asks to wait before the next request (TiempoEsperaEnvio). */
  waitSeconds: number | null;
  lines: AnswerLine[];
};

/** "Registro de facturación duplicado": the AEAT already registered this record (its identity: issuer, number, date). */
export const DUPLICATE_RECORD_CODE = '3000';

/** A SOAP fault (the whole request was refused or the service failed): the job retries. */
export class SoapFault extends Error {
  constructor(
    readonly faultCode: string,
    readonly faultString: string,
  ) {
    super(`SOAP fault ${faultCode}: ${faultString}`);
    this.name = 'SoapFault';
  }
}

const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const ANSWER_NS =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd';
const INFO_NS =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';

/** The descendants of `parent` with this namespace and local name, in document order. */
function all(parent: Document | Element, ns: string, localName: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS(ns, localName));
}

/** The trimmed text of the first such descendant (entities and CDATA decoded by the parser), or null. */
function textOf(parent: Element | undefined, ns: string, localName: string): string | null {
  if (!parent) return null;
  const [element] = all(parent, ns, localName);
  return element ? (element.textContent ?? '').trim() : null;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[], what: string): T {
  if (value !== null && (allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`unexpected ${what} in the AEAT's answer: ${value ?? '(none)'}`);
}

/** Parses the body of a 200 answer (or a 500 carrying a fault): the answer, or a SoapFault thrown. */
export function parseSubmissionAnswer(xml: string): SubmissionAnswer {
  // A real XML parser (lib/xml.ts): a malformed answer throws.
  const doc = parseXml(xml, "the AEAT's answer");
  const [fault] = all(doc, SOAP_ENV, 'Fault');
  // faultcode and faultstring are unqualified children of the fault (SOAP 1.1).
  if (fault) throw new SoapFault(textOf(fault, '', 'faultcode') ?? '', textOf(fault, '', 'faultstring') ?? '');
  const [body] = all(doc, ANSWER_NS, 'RespuestaRegFactuSistemaFacturacion');
  if (!body) throw new Error('the AEAT answered without RespuestaRegFactuSistemaFacturacion');
  const wait = textOf(body, ANSWER_NS, 'TiempoEsperaEnvio');
  const lines = all(body, ANSWER_NS, 'RespuestaLinea').map((line): AnswerLine => {
    const [id] = all(line, ANSWER_NS, 'IDFactura');
    const [duplicate] = all(line, ANSWER_NS, 'RegistroDuplicado');
    return {
      issuerTaxId: textOf(id, INFO_NS, 'IDEmisorFactura') ?? '',
      number: textOf(id, INFO_NS, 'NumSerieFactura') ?? '',
      issueDate: textOf(id, INFO_NS, 'FechaExpedicionFactura') ?? '',
      state: oneOf(textOf(line, ANSWER_NS, 'EstadoRegistro'), ['Correcto', 'AceptadoConErrores', 'Incorrecto'] as const, 'EstadoRegistro'),
      errorCode: textOf(line, ANSWER_NS, 'CodigoErrorRegistro'),
      errorDescription: textOf(line, ANSWER_NS, 'DescripcionErrorRegistro'),
      duplicateState: duplicate ? textOf(duplicate, INFO_NS, 'EstadoRegistroDuplicado') : null,
    };
  });
  return {
    sendState: oneOf(textOf(body, ANSWER_NS, 'EstadoEnvio'), ['Correcto', 'ParcialmenteCorrecto', 'Incorrecto'] as const, 'EstadoEnvio'),
    csv: textOf(body, ANSWER_NS, 'CSV'),
    waitSeconds: wait === null || !/^\d+$/.test(wait) ? null : Number(wait),
    lines,
  };
}
