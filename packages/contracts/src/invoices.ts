import { z } from 'zod';
import { calendarDateSchema, localeSchema, okResponse } from './common.js';
import { taxRuleSchema } from './tax.js';
import { disputeStatusSchema } from './payments.js';

/** Invoices (facturas) and credit notes (rectificativas): issued once, never edited. */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export const invoiceKindSchema = z.enum(INVOICE_KINDS);
export type InvoiceKind = z.infer<typeof invoiceKindSchema>;

/** `issued` until credited; a credit note stays `issued`. */
export const INVOICE_STATUSES = ['issued', 'partially_credited', 'credited'] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** Series letters: F for invoices, R (rectificativa) for credit notes. */
export const INVOICE_SERIES = ['F', 'R'] as const;
export const invoiceSeriesSchema = z.enum(INVOICE_SERIES);
export type InvoiceSeries = z.infer<typeof invoiceSeriesSchema>;

/** Who sold and who bought, as printed on the invoice at issue time (EU VAT Directive art. 226). */
export const invoicePartySchema = z.object({
  name: z.string(),
  taxId: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  email: z.string().nullable().optional(),
  code: z.string().nullable().optional(),
});
export type InvoiceParty = z.infer<typeof invoicePartySchema>;

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitAmountCents: z.number().int(),
  taxName: z.string(),
  taxRateBasisPoints: z.number().int(),
  baseCents: z.number().int(),
  /** The period of service it charges or credits, as the seller's calendar days (`YYYY-MM-DD`) it runs from and to; none for a one-off. */
  periodStart: calendarDateSchema.nullable(),
  periodEnd: calendarDateSchema.nullable(),
});

export const invoiceTaxTotalSchema = z.object({
  rateBasisPoints: z.number().int(),
  taxName: z.string(),
  baseCents: z.number().int(),
  taxCents: z.number().int(),
});

/** One row of a list (the buyer's name and what has been credited so far). */
/** The reasons a credit note may have (TipoFactura R1–R4; R5 is set by the invoice it corrects). */
export const CORRECTION_CODES = ['R1', 'R2', 'R3', 'R4'] as const;
export const correctionCodeSchema = z.enum(CORRECTION_CODES);
export type CorrectionCode = z.infer<typeof correctionCodeSchema>;

/** TipoFactura: F1 invoice, F2 simplified invoice (no buyer tax id), R1–R5 credit notes. */
export const INVOICE_TYPES = ['F1', 'F2', 'R1', 'R2', 'R3', 'R4', 'R5'] as const;
export const invoiceTypeSchema = z.enum(INVOICE_TYPES);
export type InvoiceType = z.infer<typeof invoiceTypeSchema>;

export const invoiceSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  kind: invoiceKindSchema,
  series: invoiceSeriesSchema,
  /** TipoFactura, as its record in the chain holds it. */
  invoiceType: invoiceTypeSchema,
  /** The VAT rule it applied (printed on it with its legal mention when not the domestic one). */
  taxRule: taxRuleSchema,
  status: invoiceStatusSchema,
  /** The instant it was issued (the product's clock), ISO 8601 UTC. */
  issuedAt: z.string(),
  /** The issue date printed on it (`YYYY-MM-DD`): the seller's calendar day (SELLER_TIME_ZONE) when it was issued. */
  issueDate: z.string(),
  currency: z.string().length(3),
  locale: localeSchema,
  userId: z.uuid(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  customerTaxId: z.string().nullable(),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  /** For an invoice: the total of its credit notes (a positive amount); 0 for a credit note. */
  creditedCents: z.number().int(),
  correctedInvoiceId: z.uuid().nullable(),
  correctedNumber: z.string().nullable(),
  /** A credit note: the issue date (`YYYY-MM-DD`) of the invoice it corrects, printed with its number. */
  correctedIssueDate: calendarDateSchema.nullable(),
  paymentId: z.uuid().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  seller: invoicePartySchema,
  buyer: invoicePartySchema,
  reason: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  taxTotals: z.array(invoiceTaxTotalSchema),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/** Facturas filters; keyset pages newest first (pass `meta.nextCursor` back as `before`). */
export const adminInvoiceListQuerySchema = z.object({
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  series: invoiceSeriesSchema.optional(),
  status: invoiceStatusSchema.optional(),
  /** Number, customer name, email or tax id (contains, case-insensitive). */
  q: z.string().trim().max(100).optional(),
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminInvoiceListQuery = z.infer<typeof adminInvoiceListQuerySchema>;
/** The same filters for the CSV export (every matching row, streamed). */
export const adminInvoiceCsvQuerySchema = adminInvoiceListQuerySchema.omit({ before: true, limit: true });
export type AdminInvoiceCsvQuery = z.infer<typeof adminInvoiceCsvQuerySchema>;

export const invoiceListSchema = z.object({
  ok: z.literal(1),
  data: z.array(invoiceSummarySchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

/** Facturas' row: an invoice with the latest dispute of the payment it was paid by (a chargeback: its status; null when none). */
export const adminInvoiceSummarySchema = invoiceSummarySchema.extend({
  dispute: z.object({ status: disputeStatusSchema, closedAt: z.string().nullable() }).nullable(),
});
export type AdminInvoiceSummary = z.infer<typeof adminInvoiceSummarySchema>;
export const adminInvoiceListSchema = invoiceListSchema.extend({ data: z.array(adminInvoiceSummarySchema) });

export const ownInvoiceListQuerySchema = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** When the service a fully credited invoice paid for ends: at once, or when its paid period ends. */
export const CREDIT_SERVICE_ENDS = ['now', 'period_end'] as const;
export const creditServiceEndSchema = z.enum(CREDIT_SERVICE_ENDS);
export type CreditServiceEnd = z.infer<typeof creditServiceEndSchema>;

/**
 * Issue a credit note, asked as an exact amount with tax (`amountCents`) or an exact base before tax
 * (`baseCents`), never both; neither: all that is left. `endService`: when the credit leaves nothing
 * of the invoice, the subscription it paid for ends now (the default) or at its period's end.
 */
export const creditNoteBodySchema = z
  .object({
    amountCents: z.number().int().min(1).max(100_000_000).optional(),
    baseCents: z.number().int().min(1).max(100_000_000).optional(),
    reason: z.string().trim().min(3).max(500),
    /**
     * Why the invoice is corrected, as the Spanish VAT law (article 80) and VERI*FACTU's
     * TipoFactura name it: R1 refunds, cancellations and discounts (the default), R2 the customer's
     * insolvency, R3 a bad debt, R4 any other correction. A simplified invoice's credit note is R5.
     */
    correctionCode: correctionCodeSchema.default('R1'),
    endService: creditServiceEndSchema.optional(),
  })
  .refine((b) => b.amountCents === undefined || b.baseCents === undefined, {
    path: ['baseCents'],
    error: 'validation.credit_amount_or_base',
  });
export type CreditNoteBody = z.infer<typeof creditNoteBodySchema>;

/** What a full credit did to the subscription the invoice paid for (null: nothing to end). */
export const creditServiceEndedSchema = z.object({
  subscriptionId: z.uuid(),
  when: creditServiceEndSchema,
  /** When the service ends (or ended): the credit's time, or the end of the paid period. */
  endsAt: z.string(),
});
export type CreditServiceEnded = z.infer<typeof creditServiceEndedSchema>;

/** The credit note issued, and whether it ended the service. */
export const creditNoteResultSchema = invoiceDetailSchema.extend({ serviceEnded: creditServiceEndedSchema.nullable() });
export type CreditNoteResult = z.infer<typeof creditNoteResultSchema>;
export const creditNoteAnswerSchema = okResponse(creditNoteResultSchema);

export const invoiceAnswerSchema = okResponse(invoiceDetailSchema);

/** Why a record of the invoice record chain fails verification. */
export const CHAIN_BREAK_REASONS = ['hash', 'previous_hash', 'position', 'invoice', 'head', 'signature'] as const;
export const chainBreakReasonSchema = z.enum(CHAIN_BREAK_REASONS);
export type ChainBreakReason = z.infer<typeof chainBreakReasonSchema>;

/** POST /admin/invoices/verify-chain: every record recomputed in order; the first broken one named. */
export const chainVerificationSchema = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  /** Records whose stored signature was verified (0 when records are stored unsigned). */
  signaturesChecked: z.number().int(),
  firstBroken: z.object({ number: z.string(), issuedAt: z.string(), reason: chainBreakReasonSchema }).nullable(),
});
export type ChainVerification = z.infer<typeof chainVerificationSchema>;
export const chainVerificationAnswerSchema = okResponse(chainVerificationSchema);

/**
 * Where a record stands with the AEAT in VERI*FACTU mode: waiting to be sent (`pending`), accepted,
 * accepted with errors (to be corrected by a later record), or rejected (not registered: shown to admins).
 */
export const SUBMISSION_STATES = ['pending', 'accepted', 'accepted_with_errors', 'rejected'] as const;
export const submissionStateSchema = z.enum(SUBMISSION_STATES);
export type SubmissionState = z.infer<typeof submissionStateSchema>;

export const adminSubmissionListQuerySchema = z.object({
  state: submissionStateSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** One record's submission: the invoice it records, its place in the chain, and the AEAT's answer. */
export const recordSubmissionSchema = z.object({
  recordId: z.string(),
  invoiceId: z.string(),
  number: z.string(),
  issuerTaxId: z.string(),
  position: z.number().int(),
  state: submissionStateSchema,
  /** The AEAT's secure verification code of the request that registered it. */
  csv: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorDescription: z.string().nullable(),
  attempts: z.number().int(),
  /** When the AEAT answered for it (null while pending). */
  answeredAt: z.string().nullable(),
});
export type RecordSubmission = z.infer<typeof recordSubmissionSchema>;
export const recordSubmissionListAnswerSchema = okResponse(z.array(recordSubmissionSchema));
