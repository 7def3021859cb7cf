import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { xsdErrors } from './aeat-xml.js';

/**
 * A local stand-in for the AEAT's VERI*FACTU service (SistemaFacturacion, SOAP 1.1), answering as
 * its documentation says: the request's body is validated against SuministroLR.xsd (xmllint), each
 * record's hash is recomputed and its link to the record received before it checked, a record it
 * already holds is answered "duplicado" (3000) with the state it holds, and the answer is a
 * RespuestaRegFactuSistemaFacturacion (RespuestaSuministro.xsd) with a CSV and TiempoEsperaEnvio.
 */

const NS = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws';

export type StandInBehaviour =
  | { kind: 'accept' }
  /** Answers this record Incorrecto with the code (not registered); the others as usual. */
  | { kind: 'reject'; number: string; code: string; description: string }
  /** Answers every request with this HTTP status and no SOAP (503: the service is unavailable). */
  | { kind: 'status'; status: number }
  /** Closes the connection without answering. */
  | { kind: 'close' };

export type ReceivedRecord = { issuer: string; number: string; hash: string; previousHash: string };
export type StandInRequest = { at: number; numbers: string[]; status: number };

const inner = (xml: string, name: string): string[] =>
  [...xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}>`, 'g'))].map((m) => m[1]!);
const textOf = (xml: string, name: string): string =>
  (inner(xml, name)[0] ?? '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .trim();
const escape = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The huella as the AEAT's specification computes it, independently of the app's chain.ts. */
function huella(alta: string): string {
  const id = inner(alta, 'IDFactura')[0] ?? '';
  const previous = textOf(inner(alta, 'Encadenamiento')[0] ?? '', 'Huella');
  const input = [
    `IDEmisorFactura=${textOf(id, 'IDEmisorFactura')}`,
    `NumSerieFactura=${textOf(id, 'NumSerieFactura')}`,
    `FechaExpedicionFactura=${textOf(id, 'FechaExpedicionFactura')}`,
    `TipoFactura=${textOf(alta, 'TipoFactura')}`,
    `CuotaTotal=${textOf(alta, 'CuotaTotal')}`,
    `ImporteTotal=${textOf(alta, 'ImporteTotal')}`,
    `Huella=${previous}`,
    `FechaHoraHusoGenRegistro=${textOf(alta, 'FechaHoraHusoGenRegistro')}`,
  ].join('&');
  return createHash('sha256').update(input, 'utf8').digest('hex').toUpperCase();
}

type Line = {
  id: string;
  state: 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';
  code?: string;
  description?: string;
  duplicate?: string;
};

export function respuestaXml(cabecera: string, lines: Line[], waitSeconds: number, csv: string | null): string {
  const states = new Set(lines.map((l) => (l.state === 'Incorrecto' ? 'bad' : 'good')));
  const envio = states.size === 2 ? 'ParcialmenteCorrecto' : states.has('good') ? 'Correcto' : 'Incorrecto';
  const registered = envio !== 'Incorrecto';
  const nif = textOf(cabecera, 'NIF');
  const body = [
    registered && csv ? `<tikR:CSV>${csv}</tikR:CSV>` : '',
    registered
      ? `<tikR:DatosPresentacion><tik:NIFPresentador>${escape(nif)}</tik:NIFPresentador><tik:TimestampPresentacion>${new Date().toISOString().slice(0, 19)}+00:00</tik:TimestampPresentacion></tikR:DatosPresentacion>`
      : '',
    `<tikR:Cabecera><tik:ObligadoEmision><tik:NombreRazon>${escape(textOf(cabecera, 'NombreRazon'))}</tik:NombreRazon><tik:NIF>${escape(nif)}</tik:NIF></tik:ObligadoEmision></tikR:Cabecera>`,
    `<tikR:TiempoEsperaEnvio>${waitSeconds}</tikR:TiempoEsperaEnvio>`,
    `<tikR:EstadoEnvio>${envio}</tikR:EstadoEnvio>`,
    ...lines.map(
      (l) =>
        `<tikR:RespuestaLinea><tikR:IDFactura>${l.id}</tikR:IDFactura><tikR:Operacion><tik:TipoOperacion>Alta</tik:TipoOperacion></tikR:Operacion><tikR:EstadoRegistro>${l.state}</tikR:EstadoRegistro>` +
        (l.code ? `<tikR:CodigoErrorRegistro>${l.code}</tikR:CodigoErrorRegistro>` : '') +
        (l.description ? `<tikR:DescripcionErrorRegistro>${escape(l.description)}</tikR:DescripcionErrorRegistro>` : '') +
        (l.duplicate
          ? `<tikR:RegistroDuplicado><tik:IdPeticionRegistroDuplicado>${randomBytes(6).toString('hex')}</tik:IdPeticionRegistroDuplicado><tik:EstadoRegistroDuplicado>${l.duplicate}</tik:EstadoRegistroDuplicado></tikR:RegistroDuplicado>`
          : '') +
        '</tikR:RespuestaLinea>',
    ),
  ].join('');
  return `<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="${NS}/RespuestaSuministro.xsd" xmlns:tik="${NS}/SuministroInformacion.xsd">${body}</tikR:RespuestaRegFactuSistemaFacturacion>`;
}

const envelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Header/><env:Body>${body}</env:Body></env:Envelope>`;
const fault = (code: string, message: string) =>
  envelope(`<env:Fault><faultcode>env:Client</faultcode><faultstring>Codigo[${code}].${escape(message)}</faultstring></env:Fault>`);

export async function startAeatStandIn(options: { waitSeconds?: number } = {}) {
  let behaviour: StandInBehaviour = { kind: 'accept' };
  let waitSeconds = options.waitSeconds ?? 0;
  /** A slow service: each answer after this long (the crash test's window to kill the sender mid-way). */
  let delayMs = 0;
  /** issuer|number → the state it holds, and how many times it was answered Correcto (registered). */
  const held = new Map<string, { state: 'Correcta' | 'AceptadaConErrores'; registered: number }>();
  const duplicates = new Map<string, number>();
  const lastHash = new Map<string, string>();
  const received: ReceivedRecord[] = [];
  const requests: StandInRequest[] = [];
  const chainBreaks: string[] = [];
  const schemaErrors: string[] = [];
  const answers: string[] = [];

  async function answer(xml: string): Promise<{ status: number; body: string }> {
    const body = inner(xml, 'Body')[0];
    const request = body?.trim() ?? '';
    const errors = await xsdErrors(`<?xml version="1.0" encoding="UTF-8"?>${request}`, 'SuministroLR.xsd');
    if (errors) {
      schemaErrors.push(errors);
      return { status: 500, body: fault('4102', `El XML no cumple el esquema. ${errors.slice(0, 300)}`) };
    }
    const cabecera = inner(request, 'Cabecera')[0] ?? '';
    const lines = inner(request, 'RegistroAlta').map((alta): Line => {
      const id = inner(alta, 'IDFactura')[0] ?? '';
      const issuer = textOf(id, 'IDEmisorFactura');
      const number = textOf(id, 'NumSerieFactura');
      const key = `${issuer}|${number}`;
      const answerId = `<tik:IDEmisorFactura>${escape(issuer)}</tik:IDEmisorFactura><tik:NumSerieFactura>${escape(number)}</tik:NumSerieFactura><tik:FechaExpedicionFactura>${textOf(id, 'FechaExpedicionFactura')}</tik:FechaExpedicionFactura>`;
      const holding = held.get(key);
      if (holding) {
        duplicates.set(key, (duplicates.get(key) ?? 0) + 1);
        return {
          id: answerId,
          state: 'Incorrecto',
          code: '3000',
          description: 'Registro de facturación duplicado.',
          duplicate: holding.state,
        };
      }
      const hash = textOf(alta.replace(/<(?:[\w.-]+:)?Encadenamiento[\s\S]*?<\/(?:[\w.-]+:)?Encadenamiento>/, ''), 'Huella');
      const previousHash = textOf(inner(alta, 'Encadenamiento')[0] ?? '', 'Huella');
      if (huella(alta) !== hash) chainBreaks.push(`${number}: the huella is not the hash of its fields`);
      if ((lastHash.get(issuer) ?? '') !== previousHash)
        chainBreaks.push(`${number}: chained to ${previousHash || '(first)'}, not to the last received`);
      lastHash.set(issuer, hash);
      received.push({ issuer, number, hash, previousHash });
      if (behaviour.kind === 'reject' && behaviour.number === number)
        return { id: answerId, state: 'Incorrecto', code: behaviour.code, description: behaviour.description };
      held.set(key, { state: 'Correcta', registered: 1 });
      return { id: answerId, state: 'Correcto' };
    });
    const xmlAnswer = respuestaXml(cabecera, lines, waitSeconds, `A-${randomBytes(7).toString('hex').toUpperCase()}`);
    answers.push(xmlAnswer);
    return { status: 200, body: envelope(xmlAnswer) };
  }

  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const xml = Buffer.concat(chunks).toString('utf8');
      const numbers = inner(xml, 'RegistroAlta').map((a) => textOf(inner(a, 'IDFactura')[0] ?? '', 'NumSerieFactura'));
      const current = behaviour;
      if (current.kind === 'close') {
        requests.push({ at: Date.now(), numbers, status: 0 });
        req.socket.destroy();
        return;
      }
      if (current.kind === 'status') {
        requests.push({ at: Date.now(), numbers, status: current.status });
        res.writeHead(current.status, { 'content-type': 'text/html' }).end('<html><body>Servicio no disponible</body></html>');
        return;
      }
      const wrongType = !/^text\/xml/.test(req.headers['content-type'] ?? '');
      const answered = wrongType ? Promise.resolve({ status: 415, body: '' }) : answer(xml);
      void answered
        .then((a) => new Promise<typeof a>((resolve) => setTimeout(() => resolve(a), delayMs)))
        .then(
          ({ status, body }) => {
            requests.push({ at: Date.now(), numbers, status });
            res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' }).end(body);
          },
          (error: unknown) => res.writeHead(500).end(String(error)),
        );
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  await listen(0);
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`,
    behave(next: StandInBehaviour) {
      behaviour = next;
    },
    setWaitSeconds(seconds: number) {
      waitSeconds = seconds;
    },
    setDelay(ms: number) {
      delayMs = ms;
    },
    /** Down: nothing listens on the port (connection refused). */
    down: stop,
    up: () => listen(port),
    close: () => (server.listening ? stop() : Promise.resolve()),
    /** How many times each record (issuer|number) was registered: exactly once each, whatever was resent. */
    registered: () => new Map([...held].map(([key, h]) => [key, h.registered])),
    duplicates,
    received,
    requests,
    chainBreaks,
    schemaErrors,
    answers,
  };
}
export type AeatStandIn = Awaited<ReturnType<typeof startAeatStandIn>>;
