import type { TaxRule } from '@enlaza/contracts';
import type { InvoiceRecordRow } from '../chain.js';
import { issuerId, recordAmount, recordDate } from '../chain.js';
import type { PartySnapshot } from '../schema.js';

/** The namespaces of the AEAT's schemas (SuministroInformacion.xsd, SuministroLR.xsd), as they declare them. */
const AEAT_WS = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws';
export const SF_NAMESPACE = `${AEAT_WS}/SuministroInformacion.xsd`;
export const SFLR_NAMESPACE = `${AEAT_WS}/SuministroLR.xsd`;

/**
 * One stored record and what the XML needs of its invoice: the record's regulated fields exactly as
 * hashed (never recomputed), the record before it in the issuer's chain, and the invoice's parties,
 * VAT rule, totals per rate and (a credit note) the invoice it corrects.
 */
export type RecordXmlInput = {
  record: Pick<
    InvoiceRecordRow,
    'issuerTaxId' | 'number' | 'issueDate' | 'invoiceType' | 'taxTotal' | 'total' | 'previousHash' | 'generatedAt' | 'hash'
  >;
  /** The record before it in the same issuer's chain; null for the first. */
  previous: Pick<InvoiceRecordRow, 'issuerTaxId' | 'number' | 'issueDate' | 'hash'> | null;
  invoice: {
    seller: Pick<PartySnapshot, 'name'>;
    buyer: Pick<PartySnapshot, 'name' | 'taxId' | 'country'>;
    taxRule: TaxRule;
    /** DescripcionOperacion: what was sold (the lines' Spanish descriptions) or why a credit note was issued. */
    description: string;
    taxTotals: { rateBasisPoints: number; baseCents: number; taxCents: number }[];
    /** A credit note: the invoice it corrects (its number and stored issue date `YYYY-MM-DD`). */
    corrected: { number: string; issueDate: string } | null;
  };
};

/** SistemaInformatico: the billing software that produced the record, and who produces it. */
export type ComputerSystem = {
  producerName: string;
  /** The producer's NIF (a Spanish VAT number loses its `ES`). */
  producerTaxId: string;
  name: string;
  /** IdSistemaInformatico: two characters. */
  id: string;
  version: string;
  /** NumeroInstalacion: this installation. */
  installationNumber: string;
  /** TipoUsoPosibleSoloVerifactu: false, the system can run in either mode. */
  onlyVerifactu: boolean;
};

export type RecordXmlOptions = { system: ComputerSystem };

/** Cabecera of a submission: the taxpayer obliged to issue the invoices (ObligadoEmision). */
export type SubmissionHeader = { obligadoEmision: { name: string; taxId: string } };

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** `<sf:Name>value</sf:Name>`, the value escaped and cut to the schema's length (counted in characters). */
const el = (name: string, value: string, max?: number) =>
  `<sf:${name}>${escapeXml(max ? [...value].slice(0, max).join('') : value)}</sf:${name}>`;
const wrap = (name: string, ...children: string[]) => `<sf:${name}>${children.join('')}</sf:${name}>`;

/** Basis points as the schema's percentage (Tipo2.2Type): 2100 → `21.00`. */
const percent = (basisPoints: number) => `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;

const SPANISH_NIF = /^[0-9A-Z][0-9]{7}[0-9A-Z]$/;

/**
 * IDDestinatario: a Spanish buyer by NIF; anyone else by IDOtro with their country, as a VAT number
 * (NIF-IVA, `02`) in the EU, else as the tax id of their country of residence (`04`), as written
 * on the invoice.
 */
function recipient(buyer: RecordXmlInput['invoice']['buyer'], rule: TaxRule): string {
  const raw = (buyer.taxId ?? '').replace(/[\s.-]/g, '').toUpperCase();
  const country = (buyer.country ?? '').toUpperCase();
  const nif = issuerId(raw);
  const name = el('NombreRazon', buyer.name, 120);
  if ((country === 'ES' || country === '') && SPANISH_NIF.test(nif)) return wrap('IDDestinatario', name, el('NIF', nif));
  const euVat = rule === 'eu_reverse_charge' || rule === 'eu_consumer_oss' || rule === 'eu_consumer_origin';
  const id = wrap(
    'IDOtro',
    ...(country ? [el('CodigoPais', country)] : []),
    el('IDType', euVat ? '02' : '04'),
    el('ID', (buyer.taxId ?? '').trim(), 20),
  );
  return wrap('IDDestinatario', name, id);
}

/**
 * DetalleDesglose per rate. Taxed here (domestic, or an EU consumer below the distance-sales
 * threshold): régimen general `01`, `S1` with rate and cuota. Not subject to Spanish VAT because the
 * service is supplied where the customer is (Ley 37/1992, articles 69 and 70) — a business in
 * another member state (reverse charge there), any customer outside the EU, a customer in the Canary
 * Islands, Ceuta or Melilla (Spain, but outside the territory where IVA applies, article 3): `N2`,
 * "no sujeta por reglas de localización", base only. An EU
 * consumer past the threshold is taxed in their country under the OSS: régimen `17`, also `N2`.
 */
function breakdown(input: RecordXmlInput['invoice']): string {
  const lines = input.taxTotals.map((t) => {
    const base = el('BaseImponibleOimporteNoSujeto', recordAmount(t.baseCents));
    if (input.taxRule === 'domestic' || input.taxRule === 'eu_consumer_origin')
      return wrap(
        'DetalleDesglose',
        el('Impuesto', '01'),
        el('ClaveRegimen', '01'),
        el('CalificacionOperacion', 'S1'),
        el('TipoImpositivo', percent(t.rateBasisPoints)),
        base,
        el('CuotaRepercutida', recordAmount(t.taxCents)),
      );
    const regime = input.taxRule === 'eu_consumer_oss' ? '17' : '01';
    return wrap('DetalleDesglose', el('Impuesto', '01'), el('ClaveRegimen', regime), el('CalificacionOperacion', 'N2'), base);
  });
  return wrap('Desglose', ...lines);
}

/**
 * The `sf:RegistroAlta` of one stored record (AEAT "Diseño de registro" of SuministroInformacion.xsd,
 * IDVersion 1.0), with the `sf` namespace declared on it: it stands alone (to be signed and stored,
 * NO VERI*FACTU) and is embedded as is in a submission (`suministroLRXml`, VERI*FACTU). A credit note
 * is a rectificativa by differences (`I`): its amounts are negative and it names the invoice it
 * corrects. F2 and R5 (simplified) name no recipient; every other type names the buyer.
 */
export function registroAltaXml(input: RecordXmlInput, opts: RecordXmlOptions): string {
  const { record, previous, invoice } = input;
  if ((previous?.hash ?? '') !== record.previousHash)
    throw new Error(`record ${record.number}: the previous record given is not the one it chains to`);
  const rectifying = record.invoiceType.startsWith('R');
  if (rectifying && !invoice.corrected) throw new Error(`record ${record.number}: a ${record.invoiceType} needs the invoice it corrects`);
  const simplified = record.invoiceType === 'F2' || record.invoiceType === 'R5';
  const system = opts.system;
  const parts = [
    el('IDVersion', '1.0'),
    wrap(
      'IDFactura',
      el('IDEmisorFactura', record.issuerTaxId),
      el('NumSerieFactura', record.number),
      el('FechaExpedicionFactura', record.issueDate),
    ),
    el('NombreRazonEmisor', invoice.seller.name, 120),
    el('TipoFactura', record.invoiceType),
    ...(rectifying && invoice.corrected
      ? [
          el('TipoRectificativa', 'I'),
          wrap(
            'FacturasRectificadas',
            wrap(
              'IDFacturaRectificada',
              el('IDEmisorFactura', record.issuerTaxId),
              el('NumSerieFactura', invoice.corrected.number),
              el('FechaExpedicionFactura', recordDate(invoice.corrected.issueDate)),
            ),
          ),
        ]
      : []),
    el('DescripcionOperacion', invoice.description.trim() || record.number, 500),
    ...(!simplified && invoice.buyer.taxId?.trim() ? [wrap('Destinatarios', recipient(invoice.buyer, invoice.taxRule))] : []),
    breakdown(invoice),
    el('CuotaTotal', record.taxTotal),
    el('ImporteTotal', record.total),
    wrap(
      'Encadenamiento',
      previous
        ? wrap(
            'RegistroAnterior',
            el('IDEmisorFactura', previous.issuerTaxId),
            el('NumSerieFactura', previous.number),
            el('FechaExpedicionFactura', previous.issueDate),
            el('Huella', previous.hash),
          )
        : el('PrimerRegistro', 'S'),
    ),
    wrap(
      'SistemaInformatico',
      el('NombreRazon', system.producerName, 120),
      el('NIF', issuerId(system.producerTaxId)),
      el('NombreSistemaInformatico', system.name, 30),
      el('IdSistemaInformatico', system.id, 2),
      el('Version', system.version, 50),
      el('NumeroInstalacion', system.installationNumber, 100),
      el('TipoUsoPosibleSoloVerifactu', system.onlyVerifactu ? 'S' : 'N'),
      el('TipoUsoPosibleMultiOT', 'N'),
      el('IndicadorMultiplesOT', 'N'),
    ),
    el('FechaHoraHusoGenRegistro', record.generatedAt),
    el('TipoHuella', '01'),
    el('Huella', record.hash),
  ];
  return `<sf:RegistroAlta xmlns:sf="${SF_NAMESPACE}">${parts.join('')}</sf:RegistroAlta>`;
}

/**
 * A submission (`sfLR:RegFactuSistemaFacturacion` of SuministroLR.xsd, at most 1000 records): the
 * Cabecera with the ObligadoEmision, then each `sf:RegistroAlta` (as `registroAltaXml` wrote it) in a
 * `sfLR:RegistroFactura`. The XML declaration is included; the SOAP envelope is the sender's.
 */
export function suministroLRXml(header: SubmissionHeader, records: string[]): string {
  if (records.length === 0 || records.length > 1000) throw new RangeError('a submission carries 1 to 1000 records');
  // Cabecera is SuministroLR.xsd's own element; what it holds is of SuministroInformacion.xsd (CabeceraType).
  const obligado = wrap(
    'ObligadoEmision',
    el('NombreRazon', header.obligadoEmision.name, 120),
    el('NIF', issuerId(header.obligadoEmision.taxId)),
  );
  const cabecera = `<sfLR:Cabecera>${obligado}</sfLR:Cabecera>`;
  const body = records.map((r) => `<sfLR:RegistroFactura>${r.replace(/^<\?xml[^>]*\?>\s*/, '')}</sfLR:RegistroFactura>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><sfLR:RegFactuSistemaFacturacion xmlns:sfLR="${SFLR_NAMESPACE}" xmlns:sf="${SF_NAMESPACE}">${cabecera}${body}</sfLR:RegFactuSistemaFacturacion>`;
}
