import type {
  AdminInvoiceCsvQuery,
  AdminInvoiceListQuery,
  AdminInvoiceSummary,
  DisputeStatus,
  CreditNoteBody,
  CreditNoteResult,
  CreditServiceEnd,
  CreditServiceEnded,
  InvoiceDetail,
  InvoiceSummary,
  Locale,
} from '@enlaza/contracts';
import type { Database, Transaction } from '../../db/client.js';
import { csvRow } from '../../lib/csv.js';
import { AppError } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import type { Actor } from '../../platform/actor.js';
import type { RequireAccess } from '../../platform/access.js';
import { verifyChains } from './chain.js';
import type { EventLog } from './verifactu/event-log.js';
import { planCredit, type CreditPlan } from './credit.js';
import { issueDocument, type IssueDeps } from './issue.js';
import { renderInvoicePdf, type PdfOptions } from './pdf.js';
import type { InvoiceListRow, InvoiceRow, ListFilter } from './repository.js';

/**
 * What credit notes need from the payments module: the refund (its index's `refundPayment`), and
 * the end of the service a fully credited payment paid for, in the credit note's transaction
 * (`endServiceOf`: null when the payment paid for no running subscription).
 */
export type Refunds = {
  refundPayment(paymentId: string, amountCents: number, idempotencyKey: string): Promise<{ refundedCents: number }>;
  /** The latest dispute (chargeback) of each of these payments that has one: Facturas marks their invoices. */
  latestDisputes(paymentIds: string[]): Promise<Map<string, { status: DisputeStatus; closedAt: Date | null }>>;
  endServiceOf(
    tx: Transaction,
    paymentId: string,
    when: CreditServiceEnd,
    detail: { invoiceNumber: string; reason: string; at: Date },
  ): Promise<CreditServiceEnded | null>;
};

type Deps = IssueDeps & {
  db: Database;
  payments: Refunds;
  pdf: PdfOptions;
  requireAccess: RequireAccess;
  /** NO VERI*FACTU: the event log verifications and exports are written to (null in VERI*FACTU mode). */
  eventLog?: EventLog | null;
};

function toSummary(row: InvoiceListRow): InvoiceSummary {
  const { invoice } = row;
  return {
    id: invoice.id,
    number: invoice.number,
    kind: invoice.kind,
    series: invoice.series as 'F' | 'R',
    invoiceType: invoice.invoiceType,
    taxRule: invoice.taxRule,
    status: invoice.status,
    issuedAt: invoice.issuedAt.toISOString(),
    issueDate: invoice.issueDate,
    currency: invoice.currency,
    locale: invoice.locale,
    userId: invoice.userId,
    customerName: invoice.buyer.name,
    customerEmail: invoice.buyer.email ?? null,
    customerTaxId: invoice.buyer.taxId,
    subtotalCents: invoice.subtotalCents,
    taxCents: invoice.taxCents,
    totalCents: invoice.totalCents,
    creditedCents: row.creditedCents,
    correctedInvoiceId: invoice.correctedInvoiceId,
    correctedNumber: row.correctedNumber,
    correctedIssueDate: row.correctedIssueDate,
    paymentId: invoice.paymentId,
  };
}

/** Facturas filters: dates are issue dates (the seller's calendar days, as printed), `to` included. */
function filterOf(query: AdminInvoiceCsvQuery): ListFilter {
  const filter: ListFilter = {};
  if (query.from) filter.from = query.from;
  if (query.to) filter.to = query.to;
  if (query.series) filter.series = query.series;
  if (query.status) filter.status = query.status;
  if (query.q) filter.q = query.q;
  return filter;
}

/** 422: more than what is left to credit (with tax, or before tax when the base was asked), the most named. */
function creditExceeds(plan: CreditPlan, kind: 'gross' | 'base', currency: string): AppError {
  const max = kind === 'base' ? plan.remainingBaseCents : plan.remainingCents;
  const field = kind === 'base' ? 'baseCents' : 'amountCents';
  return new AppError(
    'invoice.credit_exceeds',
    { max: `${(max / 100).toFixed(2)} ${currency}` },
    { [field]: [{ code: 'validation.too_big', params: { max } }] },
  );
}

/** An invoice as its owner reads it, in a language, and its PDF: for the routes and the receipt email. */
function createInvoiceViews({ db, repo, pdf }: Pick<Deps, 'db' | 'repo' | 'pdf'>) {
  async function detail(row: InvoiceRow, locale: 'en' | 'es' | 'jp'): Promise<InvoiceDetail> {
    const [lines, taxTotals, credited] = await Promise.all([repo.lines(row.id), repo.taxTotals(row.id), repo.creditNotes(db, row.id)]);
    const corrected = row.correctedInvoiceId ? await repo.find(row.correctedInvoiceId) : undefined;
    const summary = toSummary({
      invoice: row,
      issuedAtText: '',
      creditedCents: -credited.reduce((sum, c) => sum + c.totalCents, 0),
      correctedNumber: corrected?.number ?? null,
      correctedIssueDate: corrected?.issueDate ?? null,
    });
    return {
      ...summary,
      seller: { ...row.seller, email: null, code: null },
      buyer: { ...row.buyer, email: row.buyer.email ?? null, code: row.buyer.code ?? null },
      reason: row.reason,
      lines: lines.map((l) => ({
        description: l.description[locale] || l.description.en,
        quantity: l.quantity,
        unitAmountCents: l.unitAmountCents,
        taxName: l.taxName,
        taxRateBasisPoints: l.taxRateBasisPoints,
        baseCents: l.baseCents,
        periodStart: l.periodStart,
        periodEnd: l.periodEnd,
      })),
      taxTotals: taxTotals.map(({ rateBasisPoints, taxName, baseCents, taxCents }) => ({ rateBasisPoints, taxName, baseCents, taxCents })),
    };
  }

  async function pdfOf(row: InvoiceRow): Promise<Buffer> {
    // Japanese without a Japanese font: the English descriptions, like the labels (see pdf.ts).
    const view = await detail(row, row.locale === 'jp' && !pdf.font ? 'en' : row.locale);
    return renderInvoicePdf(view, pdf);
  }

  return { detail, pdfOf };
}

/**
 * The Facturas CSV: every matching invoice (BOM first, formula-neutralised cells), read in pages;
 * once written out whole, an export event of the NO VERI*FACTU log.
 */
async function* invoicesCsv(deps: Pick<Deps, 'repo' | 'eventLog'>, query: AdminInvoiceCsvQuery): AsyncGenerator<string> {
  const { repo } = deps;
  yield `\uFEFF${csvRow(['number', 'kind', 'issue_date', 'issued_at', 'status', 'customer', 'email', 'tax_id', 'country', 'subtotal', 'tax', 'total', 'credited', 'currency', 'corrects'])}`;
  const euros = (cents: number) => (cents / 100).toFixed(2);
  // What the export holds, for its event (newest first: the first row is the last invoice).
  const exported = { count: 0, taxCents: 0, totalCents: 0, firstInvoiceId: '', lastInvoiceId: '' };
  for await (const row of repo.iterate(filterOf(query))) {
    const s = toSummary(row);
    exported.count += 1;
    exported.taxCents += s.taxCents;
    exported.totalCents += s.totalCents;
    exported.lastInvoiceId ||= s.id;
    exported.firstInvoiceId = s.id;
    yield csvRow([
      s.number,
      s.kind,
      s.issueDate,
      s.issuedAt,
      s.status,
      s.customerName,
      s.customerEmail,
      s.customerTaxId,
      row.invoice.buyer.country,
      euros(s.subtotalCents),
      euros(s.taxCents),
      euros(s.totalCents),
      euros(s.creditedCents),
      s.currency,
      s.correctedNumber,
    ]);
  }
  // Written out whole: an export of billing records (NO VERI*FACTU event log).
  await deps.eventLog?.exported(exported);
}

export function createInvoicesService(deps: Deps) {
  const { db, repo, payments } = deps;

  async function page(filter: ListFilter, before: string | undefined, limit: number) {
    const rows = await repo.list(filter, decodeCursor(before, 'before'), limit);
    const shown = rows.slice(0, limit);
    const last = shown[shown.length - 1];
    return {
      data: shown.map(toSummary),
      nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.issuedAtText, id: last.invoice.id }) : null,
    };
  }

  /** The invoice when the actor may see it: its owner or an admin; anyone else gets 404. */
  async function visible(actor: Actor, id: string): Promise<InvoiceRow> {
    // An admin's view of any invoice is outside ownership (their routes require the role).
    if (actor.role !== 'admin') await deps.requireAccess(actor, 'invoice', id);
    const row = await repo.find(id);
    // An admin asking for an id that does not exist.
    if (!row) throw new AppError('record.not_found');
    return row;
  }

  const { detail, pdfOf } = createInvoiceViews(deps);

  return {
    issue: (tx: Parameters<typeof issueDocument>[1], input: Parameters<typeof issueDocument>[2]) => issueDocument(deps, tx, input),

    /** Facturas: every invoice and credit note, filtered, newest first; an invoice whose payment was disputed with the dispute's status. */
    async listAll(query: AdminInvoiceListQuery): Promise<{ data: AdminInvoiceSummary[]; nextCursor: string | null }> {
      const listed = await page(filterOf(query), query.before, query.limit);
      const paid = listed.data.flatMap((s) => (s.paymentId ? [s.paymentId] : []));
      const disputes = await payments.latestDisputes(paid);
      return {
        ...listed,
        data: listed.data.map((s) => {
          const dispute = s.paymentId ? disputes.get(s.paymentId) : undefined;
          return { ...s, dispute: dispute ? { status: dispute.status, closedAt: dispute.closedAt?.toISOString() ?? null } : null };
        }),
      };
    },

    /** The signed-in user's own invoices and credit notes, newest first. */
    listOwn: (actor: Actor, query: { before?: string | undefined; limit: number }) => page({ userId: actor.id }, query.before, query.limit),

    get: async (actor: Actor, id: string) => detail(await visible(actor, id), actor.locale),

    /** Recomputes every record of the record chain in order (admin routes only). */
    async verifyChain() {
      const result = await verifyChains(db);
      // NO VERI*FACTU: the run and the anomaly it found are events of the log.
      await deps.eventLog?.chainVerified(result);
      return result;
    },

    /** The PDF in the customer's language (the one recorded on the invoice). */
    async pdf(actor: Actor, id: string): Promise<{ number: string; bytes: Buffer }> {
      const row = await visible(actor, id);
      return { number: row.number, bytes: await pdfOf(row) };
    },

    /**
     * An invoice for its customer's receipt email (the system's, no actor): what it sold in the
     * email's `locale`, and its PDF exactly as the customer downloads it. Undefined for an unknown id.
     */
    async forReceipt(id: string, locale: Locale): Promise<{ invoice: InvoiceDetail; pdf: Buffer } | undefined> {
      const row = await repo.find(id);
      if (!row) return undefined;
      return { invoice: await detail(row, locale), pdf: await pdfOf(row) };
    },

    /** The CSV lines of every matching invoice (BOM first, formula-neutralised cells), read in pages. */
    csv: (query: AdminInvoiceCsvQuery) => invoicesCsv(deps, query),

    /**
     * Issues a credit note for (part of) an invoice and refunds it through the payments module. The
     * refund's idempotency key is the invoice and the credit note's place among its credit notes:
     * a repeated request (a double click, a retry after a failure between the refund and the
     * note) refunds once and finds or issues the one note; a different amount in the meantime is
     * refused by the provider. A credit that leaves nothing of the invoice ends the service it
     * paid for (now, or at the period's end: `endService`), in the note's transaction.
     */
    async credit(actor: Actor, id: string, body: CreditNoteBody): Promise<CreditNoteResult> {
      const invoice = await visible(actor, id);
      if (invoice.kind !== 'invoice' || !invoice.paymentId) throw new AppError('invoice.not_creditable');
      const paymentId = invoice.paymentId;
      const request =
        body.baseCents !== undefined
          ? { kind: 'base' as const, cents: body.baseCents }
          : body.amountCents !== undefined
            ? { kind: 'gross' as const, cents: body.amountCents }
            : null;
      const plan = async (tx: Database | Transaction): Promise<CreditPlan & { key: string }> => {
        // One after another: a transaction is one connection.
        const lines = await repo.lines(id, tx);
        const taxTotals = await repo.taxTotals(id, tx);
        const credited = await repo.creditedPerRate(tx, id);
        const notes = await repo.creditNotes(tx, id);
        return { ...planCredit(invoice, lines, taxTotals, credited, request), key: `credit-note:${id}:${notes.length + 1}` };
      };
      const first = await plan(db);
      if (first.remainingCents <= 0) throw new AppError('invoice.not_creditable');
      if (first.lines.length === 0) throw creditExceeds(first, request?.kind ?? 'gross', invoice.currency);

      try {
        await payments.refundPayment(paymentId, -first.totalCents, first.key);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('payment.refund_failed');
      }

      const { note, serviceEnded } = await db.transaction(async (tx) => {
        await repo.lock(tx, id);
        const existing = await repo.findByRefundKey(tx, first.key);
        if (existing) return { note: existing, serviceEnded: null };
        const again = await plan(tx);
        if (again.key !== first.key || again.totalCents !== first.totalCents) throw new AppError('request.conflict');
        // The product's clock, and never before the invoice it corrects.
        const now = deps.now();
        const at = now < invoice.issuedAt ? invoice.issuedAt : now;
        const issued = await issueDocument(deps, tx, {
          kind: 'credit_note',
          userId: invoice.userId,
          paymentId: null,
          correctedInvoiceId: invoice.id,
          refundKey: first.key,
          reason: body.reason,
          currency: invoice.currency,
          locale: invoice.locale,
          issuedAt: at,
          buyer: invoice.buyer,
          lines: again.lines,
          taxes: again.taxes,
          taxRule: invoice.taxRule,
          corrects: { invoiceType: invoice.invoiceType, code: body.correctionCode },
        });
        await repo.setStatus(tx, invoice.id, again.exhausts ? 'credited' : 'partially_credited');
        const ended = again.exhausts
          ? await payments.endServiceOf(tx, paymentId, body.endService ?? 'now', { invoiceNumber: invoice.number, reason: body.reason, at })
          : null;
        // Ended now: the customer is told (at the period end, renewals tell them when it comes).
        if (ended?.when === 'now')
          await deps.publish(
            'subscription.ended',
            { subscriptionId: ended.subscriptionId, userId: invoice.userId, endedAt: ended.endsAt, reason: 'credited' },
            tx,
          );
        return { note: issued, serviceEnded: ended };
      });
      return { ...(await detail(note, actor.locale)), serviceEnded };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
