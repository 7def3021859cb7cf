import { z } from 'zod';

/**
 * The event log of a NO VERI*FACTU system (Orden HAC/1177/2024; TipoEvento of the AEAT's
 * EventosSIF.xsd): `01` start of the system as NO VERI*FACTU, `03` a run of the anomaly detection
 * over the billing records, `04` an anomaly found, `08` an export of billing records, `10` the
 * summary of events.
 */
export const INVOICE_EVENT_TYPES = ['01', '03', '04', '08', '10'] as const;
export const invoiceEventTypeSchema = z.enum(INVOICE_EVENT_TYPES);
export type InvoiceEventType = z.infer<typeof invoiceEventTypeSchema>;

/** Keyset pages newest first (pass `meta.nextCursor` back as `before`). */
export const adminInvoiceEventListQuerySchema = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminInvoiceEventListQuery = z.infer<typeof adminInvoiceEventListQuerySchema>;

/** One event: its place in the issuer's event chain, its huella and the one before it, and what it says. */
export const invoiceEventSchema = z.object({
  id: z.string(),
  issuerTaxId: z.string(),
  position: z.number().int(),
  eventType: invoiceEventTypeSchema,
  /** When it happened (ISO 8601, UTC). */
  occurredAt: z.string(),
  /** FechaHoraHusoGenEvento as hashed (the seller's time zone, with its offset). */
  generatedAt: z.string(),
  hash: z.string(),
  previousHash: z.string(),
  /** Whether its XML carries a XAdES signature (a certificate was configured). */
  signed: z.boolean(),
  /** What the event records (DatosPropiosEvento): counts, the anomaly and its record, the export's sums… */
  details: z.record(z.string(), z.unknown()),
});
export type InvoiceEvent = z.infer<typeof invoiceEventSchema>;

export const invoiceEventListSchema = z.object({
  ok: z.literal(1),
  data: z.array(invoiceEventSchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
export type InvoiceEventList = z.infer<typeof invoiceEventListSchema>;
