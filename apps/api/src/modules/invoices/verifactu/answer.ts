/**
 * Reads the AEAT's answer to a RegFactuSistemaFacturacion request (RespuestaSuministro.xsd, in a
 * SOAP 1.1 envelope), or its SOAP fault. Read by local names: the AEAT's prefixes (`tikR:`, `tik:`,
 * `env:`) are not part of the contract, the namespaces are.
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

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
      if (name[0] === '#')
        return String.fromCodePoint(name[1]!.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
      return ENTITIES[name] ?? whole;
    })
    .trim();
}

/** The inner XML of each element of this local name (any prefix), in document order. */
export function elements(xml: string, localName: string): string[] {
  const pattern = new RegExp(`<(?:[\\w.-]+:)?${localName}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w.-]+:)?${localName}\\s*>`, 'g');
  return [...xml.matchAll(pattern)].map((m) => m[1]!);
}

/** The text of the first element of this local name, or null. */
export function text(xml: string, localName: string): string | null {
  const [inner] = elements(xml, localName);
  return inner === undefined ? null : decode(inner);
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[], what: string): T {
  if (value !== null && (allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`unexpected ${what} in the AEAT's answer: ${value ?? '(none)'}`);
}

/** Parses the body of a 200 answer (or a 500 carrying a fault): the answer, or a SoapFault thrown. */
export function parseSubmissionAnswer(xml: string): SubmissionAnswer {
  const [fault] = elements(xml, 'Fault');
  if (fault !== undefined) throw new SoapFault(text(fault, 'faultcode') ?? '', text(fault, 'faultstring') ?? '');
  const [body] = elements(xml, 'RespuestaRegFactuSistemaFacturacion');
  if (body === undefined) throw new Error('the AEAT answered without RespuestaRegFactuSistemaFacturacion');
  const wait = text(body, 'TiempoEsperaEnvio');
  const lines = elements(body, 'RespuestaLinea').map((line): AnswerLine => {
    const [id] = elements(line, 'IDFactura');
    const [duplicate] = elements(line, 'RegistroDuplicado');
    return {
      issuerTaxId: text(id ?? '', 'IDEmisorFactura') ?? '',
      number: text(id ?? '', 'NumSerieFactura') ?? '',
      issueDate: text(id ?? '', 'FechaExpedicionFactura') ?? '',
      state: oneOf(text(line, 'EstadoRegistro'), ['Correcto', 'AceptadoConErrores', 'Incorrecto'] as const, 'EstadoRegistro'),
      errorCode: text(line, 'CodigoErrorRegistro'),
      errorDescription: text(line, 'DescripcionErrorRegistro'),
      duplicateState: duplicate === undefined ? null : text(duplicate, 'EstadoRegistroDuplicado'),
    };
  });
  return {
    sendState: oneOf(text(body, 'EstadoEnvio'), ['Correcto', 'ParcialmenteCorrecto', 'Incorrecto'] as const, 'EstadoEnvio'),
    csv: text(body, 'CSV'),
    waitSeconds: wait === null || !/^\d+$/.test(wait) ? null : Number(wait),
    lines,
  };
}
