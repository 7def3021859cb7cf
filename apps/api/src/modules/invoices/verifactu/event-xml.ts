import { createHash } from 'node:crypto';
import { issuerId } from '../chain.js';
import type { ComputerSystem } from './record-xml.js';

/** The namespace of the AEAT's EventosSIF.xsd (the event log of a NO VERI*FACTU system). */
export const EVENTS_NAMESPACE =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/EventosSIF.xsd';

/**
 * TipoEvento (EventosSIF.xsd) of the events this product writes: `01` start as NO VERI*FACTU, `03`
 * a run of the anomaly detection over the billing records, `04` an anomaly found in them, `08` an
 * export of billing records, `10` the summary of events.
 */
export const EVENT_TYPES = ['01', '03', '04', '08', '10'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A billing record named in an event (IDFacturaExpedidaHuellaType; the hash only where the schema has it). */
export type RecordRef = { issuerTaxId: string; number: string; issueDate: string; hash: string };

/**
 * DatosPropiosEvento, as stored (jsonb) and written. TipoAnomalia: `01` integrity of the hash, `02` of the signature, `03`
 * integrity (other: the record no longer matches its invoice), `04` a record whose previous one is
 * missing, `05` a record whose next one is missing, `08` a previous hash that is not the previous record's.
 */
export type EventDetails =
  | { kind: 'start' }
  | { kind: 'anomaly_run'; hashesChecked: number; signaturesChecked?: number; chainChecked: number; datesChecked: number }
  | { kind: 'anomaly'; anomaly: '01' | '02' | '03' | '04' | '05' | '08'; record: Omit<RecordRef, 'hash'> | null; note: string }
  | { kind: 'export'; from: string; to: string; first: RecordRef; last: RecordRef; count: number; taxTotal: string; total: string }
  | {
      kind: 'summary';
      counts: { type: EventType; count: number }[];
      first: RecordRef | null;
      last: RecordRef | null;
      count: number;
      taxTotal: string;
      total: string;
    };

export type EventFields = {
  system: ComputerSystem;
  obligado: { name: string; taxId: string };
  eventType: EventType;
  generatedAt: string;
  previous: { eventType: string; generatedAt: string; hash: string } | null;
};

/**
 * The AEAT's hash input of an event ("Detalle de las especificaciones técnicas para generación de la
 * huella o hash de los registros", registro de evento): the producer's NIF, its other id (empty: it
 * has a NIF), the system's id, version and installation, the obligado's NIF, the event type, the
 * previous event's hash (empty for the first) and FechaHoraHusoGenEvento, values trimmed.
 */
export function eventHashInput(f: EventFields): string {
  const pairs: [string, string][] = [
    ['NIF', issuerId(f.system.producerTaxId)],
    ['ID', ''],
    ['IdSistemaInformatico', f.system.id],
    ['Version', f.system.version],
    ['NumeroInstalacion', f.system.installationNumber],
    ['NIF', issuerId(f.obligado.taxId)],
    ['TipoEvento', f.eventType],
    ['HuellaEvento', f.previous?.hash ?? ''],
    ['FechaHoraHusoGenEvento', f.generatedAt],
  ];
  return pairs.map(([name, value]) => `${name}=${value.trim()}`).join('&');
}

export const eventHash = (f: EventFields): string => createHash('sha256').update(eventHashInput(f), 'utf8').digest('hex').toUpperCase();

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
const el = (name: string, value: string | number, max?: number) =>
  `<sf:${name}>${escapeXml(max ? [...String(value)].slice(0, max).join('') : String(value))}</sf:${name}>`;
const wrap = (name: string, ...children: string[]) => `<sf:${name}>${children.join('')}</sf:${name}>`;
const yesNo = (done: boolean) => (done ? 'S' : 'N');

const recordRef = (name: string, r: RecordRef) =>
  wrap(
    name,
    el('IDEmisorFactura', r.issuerTaxId),
    el('NumSerieFactura', r.number),
    el('FechaExpedicionFactura', r.issueDate),
    el('Huella', r.hash),
  );

/** DatosPropiosEvento of each kind (EventosSIF.xsd), or nothing. */
function ownData(d: EventDetails): string {
  switch (d.kind) {
    case 'start':
      return '';
    case 'anomaly_run':
      return wrap(
        'DatosPropiosEvento',
        wrap(
          'LanzamientoProcesoDeteccionAnomaliasRegFacturacion',
          el('RealizadoProcesoSobreIntegridadHuellasRegFacturacion', 'S'),
          el('NumeroDeRegistrosFacturacionProcesadosSobreIntegridadHuellas', Math.min(d.hashesChecked, 9_999_999)),
          // Signatures: S with the count when the run verified stored ones (a certificate signs the records), else N.
          el('RealizadoProcesoSobreIntegridadFirmasRegFacturacion', yesNo((d.signaturesChecked ?? 0) > 0)),
          ...((d.signaturesChecked ?? 0) > 0
            ? [el('NumeroDeRegistrosFacturacionProcesadosSobreIntegridadFirmas', Math.min(d.signaturesChecked!, 9_999_999))]
            : []),
          el('RealizadoProcesoSobreTrazabilidadCadenaRegFacturacion', 'S'),
          el('NumeroDeRegistrosFacturacionProcesadosSobreTrazabilidadCadena', Math.min(d.chainChecked, 9_999_999)),
          el('RealizadoProcesoSobreTrazabilidadFechasRegFacturacion', yesNo(d.datesChecked > 0)),
          ...(d.datesChecked > 0
            ? [el('NumeroDeRegistrosFacturacionProcesadosSobreTrazabilidadFechas', Math.min(d.datesChecked, 9_999_999))]
            : []),
        ),
      );
    case 'anomaly':
      return wrap(
        'DatosPropiosEvento',
        wrap(
          'DeteccionAnomaliasRegFacturacion',
          el('TipoAnomalia', d.anomaly),
          el('OtrosDatosAnomalia', d.note, 100),
          ...(d.record
            ? [
                wrap(
                  'RegistroFacturacionAnomalo',
                  el('IDEmisorFactura', d.record.issuerTaxId),
                  el('NumSerieFactura', d.record.number),
                  el('FechaExpedicionFactura', d.record.issueDate),
                ),
              ]
            : []),
        ),
      );
    case 'export':
      return wrap(
        'DatosPropiosEvento',
        wrap(
          'ExportacionRegFacturacionPeriodo',
          el('FechaHoraHusoInicioPeriodoExport', d.from),
          el('FechaHoraHusoFinPeriodoExport', d.to),
          recordRef('RegistroFacturacionInicialPeriodo', d.first),
          recordRef('RegistroFacturacionFinalPeriodo', d.last),
          el('NumeroDeRegistrosFacturacionAltaExportados', d.count),
          el('SumaCuotaTotalAlta', d.taxTotal),
          el('SumaImporteTotalAlta', d.total),
          el('NumeroDeRegistrosFacturacionAnulacionExportados', 0),
          // The export is a copy: the records stay here.
          el('RegistrosFacturacionExportadosDejanDeConservarse', 'N'),
        ),
      );
    case 'summary':
      return wrap(
        'DatosPropiosEvento',
        wrap(
          'ResumenEventos',
          ...d.counts.map((c) => wrap('TipoEvento', el('TipoEvento', c.type), el('NumeroDeEventos', Math.min(c.count, 9999)))),
          ...(d.first ? [recordRef('RegistroFacturacionInicialPeriodo', d.first)] : []),
          ...(d.last ? [recordRef('RegistroFacturacionFinalPeriodo', d.last)] : []),
          el('NumeroDeRegistrosFacturacionAltaGenerados', Math.min(d.count, 999_999)),
          el('SumaCuotaTotalAlta', d.taxTotal),
          el('SumaImporteTotalAlta', d.total),
          el('NumeroDeRegistrosFacturacionAnulacionGenerados', 0),
        ),
      );
  }
}

/**
 * The `sf:RegistroEvento` of one event (EventosSIF.xsd), without its signature: the schema requires
 * a `ds:Signature` as the last child of `sf:Evento`, which the signer appends (verifactu/xades.ts).
 */
export function registroEventoXml(f: EventFields, details: EventDetails, hash: string): string {
  const s = f.system;
  const evento = [
    wrap(
      'SistemaInformatico',
      el('NombreRazon', s.producerName, 120),
      el('NIF', issuerId(s.producerTaxId)),
      el('NombreSistemaInformatico', s.name, 30),
      el('IdSistemaInformatico', s.id, 2),
      el('Version', s.version, 50),
      el('NumeroInstalacion', s.installationNumber, 100),
      el('TipoUsoPosibleSoloVerifactu', yesNo(s.onlyVerifactu)),
      el('TipoUsoPosibleMultiOT', 'N'),
      el('IndicadorMultiplesOT', 'N'),
    ),
    wrap('ObligadoEmision', el('NombreRazon', f.obligado.name, 120), el('NIF', issuerId(f.obligado.taxId))),
    el('FechaHoraHusoGenEvento', f.generatedAt),
    el('TipoEvento', f.eventType),
    ownData(details),
    wrap(
      'Encadenamiento',
      f.previous
        ? wrap(
            'EventoAnterior',
            el('TipoEvento', f.previous.eventType),
            el('FechaHoraHusoGenEvento', f.previous.generatedAt),
            el('HuellaEvento', f.previous.hash),
          )
        : el('PrimerEvento', 'S'),
    ),
    el('TipoHuella', '01'),
    el('HuellaEvento', hash),
  ];
  return `<sf:RegistroEvento xmlns:sf="${EVENTS_NAMESPACE}">${el('IDVersion', '1.0')}${wrap('Evento', ...evento)}</sf:RegistroEvento>`;
}
