import { adminInvoiceEventListQuerySchema, invoiceEventListSchema, type InvoiceEvent, type InvoiceEventType } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeCursor, encodeCursor } from '../../../lib/keyset-cursor.js';
import { routeDocs } from '../../../platform/route-docs.js';
import type { EventLog, InvoiceEventRow } from './event-log.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 422] });

/** The cursor's timestamp: the instant with its offset written out (what `decodeCursor` accepts). */
const instant = (at: Date) => at.toISOString().replace('Z', '+00:00');

function toEvent(row: InvoiceEventRow): InvoiceEvent {
  return {
    id: row.id,
    issuerTaxId: row.issuerTaxId,
    position: row.position,
    eventType: row.eventType as InvoiceEventType,
    occurredAt: row.occurredAt.toISOString(),
    generatedAt: row.generatedAt,
    hash: row.hash,
    previousHash: row.previousHash,
    signed: row.signed,
    details: row.details,
  };
}

/** Admin: the NO VERI*FACTU event log, newest first (empty in VERI*FACTU mode, which keeps none). */
export const adminEventRoutes: FastifyPluginAsyncZod<{ eventLog: EventLog | null }> = async (app, { eventLog }) => {
  app.addHook('onRequest', app.authenticate('admin'));
  app.get(
    '/admin/invoices/events',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The event log of the NO VERI*FACTU system (starts, chain verifications and anomalies, exports, summaries); keyset pages newest first',
        security,
        querystring: adminInvoiceEventListQuerySchema,
        response: { 200: invoiceEventListSchema, ...failures },
      },
    },
    async (request) => {
      const cursor = decodeCursor(request.query.before, 'before');
      const limit = request.query.limit;
      const rows = eventLog
        ? await eventLog.list(cursor ? { occurredAt: new Date(cursor.createdAt), id: cursor.id } : null, limit + 1)
        : [];
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      const nextCursor = rows.length > limit && last ? encodeCursor({ createdAt: instant(last.occurredAt), id: last.id }) : null;
      return { ok: 1 as const, data: page.map(toEvent), meta: { nextCursor } };
    },
  );
};
