import { excludedTerritory } from '@enlaza/contracts';
import { defineModule } from '../../platform/modules.js';
import { adminInvoiceRoutes, invoiceRoutes } from './routes.js';
import { adminEuVatRateRoutes, createEuVatRates } from './eu-vat-rates.js';
import type { Database } from '../../db/client.js';
import type { EventBus } from '../../platform/events.js';
import { billingIdentity } from '../account/index.js';
import { issueDocument, type IssueDeps, type Seller } from './issue.js';
import { localDate } from '../../lib/time-zone.js';
import { buyerCountryOf, needsDistanceSales } from './tax-rules.js';
import type { PdfOptions } from './pdf.js';
import { createInvoiceQueries, type InvoiceQueries } from './queries.js';
import { subscribeReceipts } from './receipt-email.js';
import { createInvoicesUserData } from './user-data.js';
import { createRecordSubmissions } from './jobs.js';
import { adminSubmissionRoutes } from './verifactu/submission-routes.js';
import { createInvoicesRepository } from './repository.js';
import { createInvoicesService, type InvoicesService, type Refunds } from './service.js';
import { setUpNoVerifactu, type NoVerifactu } from './verifactu/no-verifactu.js';
import { adminEventRoutes } from './verifactu/event-routes.js';
import type { RequireAccess } from '../../platform/access.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { invoices as invoicesTable } from './schema.js';
import type { ChargedBeforeTax, CreditUnpaid, IssueInvoice, TaxPositionFor, TaxPositionOf } from './index.js';
import { planCredit } from './credit.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's invoice issuer (the payments module issues through it; tests and benches too). */
    invoiceIssuer: InvoiceIssuer;
  }
}

/**
 * The issuing side of the module, per app: the seller's identity and the event bus it needs are
 * this app's (no module-level state). The payments module takes its `issueInvoice` and calls it
 * inside its own transaction; `createInvoices` takes the same issuer for credit notes.
 */
function createInvoiceIssuer(deps: {
  db: Database;
  events: EventBus;
  seller: Seller;
  timeZone: string;
  now: () => Date;
  recordWritten?: IssueDeps['recordWritten'];
  noVerifactu: NoVerifactu;
}) {
  const repo = createInvoicesRepository(deps.db);
  const issueDeps: IssueDeps = {
    repo,
    seller: deps.seller,
    timeZone: deps.timeZone,
    now: deps.now,
    ...(deps.recordWritten ? { recordWritten: deps.recordWritten } : {}),
    ...(deps.noVerifactu.signRecord ? { signRecord: deps.noVerifactu.signRecord } : {}),
    publish: (event, payload, tx) => deps.events.publish(event, payload, tx),
  };
  const issueInvoice: IssueInvoice = async (tx, input) => {
    const row = await issueDocument(issueDeps, tx, {
      kind: 'invoice',
      userId: input.userId,
      paymentId: input.paymentId,
      currency: input.currency,
      locale: input.locale,
      issuedAt: input.issuedAt,
      lines: input.lines,
      taxRule: input.taxRule,
      ...(input.awaitingPayment ? { awaitingPayment: true } : {}),
    });
    return { id: row.id, number: row.number, totalCents: row.totalCents, taxCents: row.taxCents, subtotalCents: row.subtotalCents };
  };
  /** A full credit note of an unpaid invoice (a returned SEPA debit), keyed so that it is issued once. */
  const creditUnpaid: CreditUnpaid = async (tx, { invoiceId, reason, key = `unpaid:${invoiceId}`, amountCents }) => {
    const invoice = await repo.lock(tx, invoiceId);
    if (!invoice || invoice.kind !== 'invoice') return null;
    if (await repo.findByRefundKey(tx, key)) return null;
    const lines = await repo.lines(invoiceId, tx);
    const taxTotals = await repo.taxTotals(invoiceId, tx);
    const credited = await repo.creditedPerRate(tx, invoiceId);
    const whole = planCredit(invoice, lines, taxTotals, credited, null);
    // An amount at or over what is left credits what is left (earlier notes took the rest).
    const plan =
      amountCents === undefined || amountCents >= whole.remainingCents
        ? whole
        : planCredit(invoice, lines, taxTotals, credited, { kind: 'gross', cents: amountCents });
    if (plan.remainingCents <= 0 || plan.lines.length === 0) return null;
    const now = deps.now();
    const note = await issueDocument(issueDeps, tx, {
      kind: 'credit_note',
      userId: invoice.userId,
      paymentId: null,
      correctedInvoiceId: invoice.id,
      refundKey: key,
      reason,
      currency: invoice.currency,
      locale: invoice.locale,
      issuedAt: now < invoice.issuedAt ? invoice.issuedAt : now,
      buyer: invoice.buyer,
      lines: plan.lines,
      taxes: plan.taxes,
      taxRule: invoice.taxRule,
      corrects: { invoiceType: invoice.invoiceType, code: 'R1' },
    });
    await repo.setStatus(tx, invoice.id, plan.exhausts ? 'credited' : 'partially_credited');
    return { id: note.id, number: note.number };
  };
  /**
   * A buyer's tax position: the seller's country, the buyer's (billing address, else account) and
   * tax id, and — only when the rule depends on them (a consumer elsewhere in the EU) — the seller's
   * distance sales of this calendar year (the seller's) and the one before.
   */
  const positionOf: TaxPositionFor = async (t, buyer) => {
    const position = { sellerCountry: deps.seller.country, buyer };
    if (!needsDistanceSales(position)) return position;
    const year = Number(localDate(deps.now(), deps.timeZone).slice(0, 4));
    // The buyer country's rate is read per lookup, in the caller's statement with the distance sales,
    // rather than cached: only a consumer elsewhere in the EU costs it (one primary-key read in a
    // statement that runs anyway), and a rate an admin changes holds for the next quote and invoice
    // in every process, with nothing to invalidate.
    const { distanceSales, memberStateRateBasisPoints } = await repo.distanceSales(t, year, buyerCountryOf(position));
    return { ...position, distanceSales, ...(memberStateRateBasisPoints === undefined ? {} : { memberStateRateBasisPoints }) };
  };
  const taxPositionOf: TaxPositionOf = async (tx, userId) => {
    const identity = await billingIdentity(tx, userId);
    const address = identity?.billingAddress;
    return positionOf(tx, {
      country: address?.country || identity?.country || null,
      taxId: identity?.taxId ?? null,
      territory: excludedTerritory(address?.country, address?.postalCode),
    });
  };
  /** What an invoice charged before tax and what credit notes took back of it (proration credits from this). */
  const chargedBeforeTax: ChargedBeforeTax = (invoiceId) => repo.chargedBeforeTax(invoiceId);
  return { issueDeps, issueInvoice, creditUnpaid, chargedBeforeTax, taxPositionOf, positionOf, eventLog: deps.noVerifactu.eventLog };
}
type InvoiceIssuer = ReturnType<typeof createInvoiceIssuer>;

/**
 * Starts the module: its service (for the routes, with the app's issuer). The "invoice issued"
 * notification is the notifications module's, a subscriber of the `invoice.issued` the issuer publishes.
 */
function createInvoices(deps: { db: Database; payments: Refunds; issuer: InvoiceIssuer; pdf: PdfOptions; requireAccess: RequireAccess }) {
  const { issueDeps, eventLog } = deps.issuer;
  return createInvoicesService({
    ...issueDeps,
    db: deps.db,
    payments: deps.payments,
    pdf: deps.pdf,
    requireAccess: deps.requireAccess,
    eventLog,
  });
}

declare module '../../platform/modules.js' {
  interface Services {
    invoiceIssuer: InvoiceIssuer;
    invoices: InvoicesService;
    /** Billing reads for the admin's views (invoices of payments, revenue by month). */
    invoiceQueries: InvoiceQueries;
  }
}

/** The issuer alone, built before the payments module, which issues through it (the rest of the module needs payments). */
export const invoiceIssuerModule = defineModule({
  name: 'invoice-issuer',
  async build({ db, database, jobs, events, config, clock, log }) {
    const { verifactuSending: sending } = config;
    const submissions = createRecordSubmissions({
      db,
      jobs,
      settings: { ...sending, certificate: config.verifactuCertificate, seller: config.seller, leaseSeconds: config.jobTimeoutSeconds },
    });
    await submissions.define();
    const verifactu = config.verifactuMode === 'verifactu';
    // NO VERI*FACTU: records signed with the seller's certificate (if configured) and the event log.
    const noVerifactu = await setUpNoVerifactu({
      db,
      mode: config.verifactuMode,
      certificate: config.verifactuCertificate,
      seller: config.seller,
      timeZone: config.sellerTimeZone,
      now: () => clock.now(),
      log,
      jobs,
    });
    const invoiceIssuer = createInvoiceIssuer({
      noVerifactu,
      db,
      events,
      seller: config.seller,
      timeZone: config.sellerTimeZone,
      now: () => clock.now(),
      // VERI*FACTU: every record is sent to the AEAT (verifactu/submission.ts).
      ...(verifactu ? { recordWritten: submissions.recordWritten } : {}),
    });
    return {
      services: { invoiceIssuer },
      decorate: { invoiceIssuer },
      ...(verifactu ? { onReady: () => submissions.resume(database.kind) } : {}),
    };
  },
});

export const invoicesModule = defineModule({
  name: 'invoices',
  async build({ db, config, events, mailer, registries, services: { payments, invoiceIssuer } }) {
    const invoices = createInvoices({
      db,
      requireAccess: registries.access.requireAccess,
      payments,
      issuer: invoiceIssuer,
      pdf: { font: config.invoicePdfFont, qrHost: config.invoiceQrHost, verifactuMode: config.verifactuMode },
    });
    // The customer's receipt of each invoice, with its PDF (a subscriber of the issuer's `invoice.issued`).
    await subscribeReceipts({ db, events, mailer, invoices, publicUrl: config.publicUrl, timeZone: config.sellerTimeZone });
    return {
      services: { invoices, invoiceQueries: createInvoiceQueries(db) },
      userData: [createInvoicesUserData(db)],
      // An invoice or credit note issued to the owner.
      access: [ownedRowsAccess('invoice', db, invoicesTable)],
      // NO VERI*FACTU: each start of the system is an event of its log (TipoEvento 01).
      ...(invoiceIssuer.eventLog ? { onReady: async () => void (await invoiceIssuer.eventLog!.started()) } : {}),
    };
  },
  async register(api, { db, events, services }) {
    const { invoices } = services;
    await api.register(invoiceRoutes, { invoices });
    await api.register(adminInvoiceRoutes, { invoices });
    await api.register(adminEuVatRateRoutes, { rates: createEuVatRates(db, events) });
    await api.register(adminSubmissionRoutes, { db });
    await api.register(adminEventRoutes, { eventLog: services.invoiceIssuer.eventLog });
  },
});
