import { Readable } from 'node:stream';
import {
  adminInvoiceCsvQuerySchema,
  chainVerificationAnswerSchema,
  adminInvoiceListQuerySchema,
  adminInvoiceListSchema,
  creditNoteAnswerSchema,
  creditNoteBodySchema,
  invoiceAnswerSchema,
  invoiceListSchema,
  ownInvoiceListQuerySchema,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor.js';
import { errorResponses, routeDocs } from '../../platform/route-docs.js';
import type { InvoicesService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 409, 422] });
const params = z.object({ id: z.uuid() });

/** The customer's side: their invoices, one invoice, its PDF (owner or admin; anyone else 404). */
export const invoiceRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (app, { invoices }) => {
  app.addHook('onRequest', app.authenticate());
  const tags = ['invoices'];

  app.get(
    '/invoices',
    {
      schema: {
        tags,
        summary: 'My invoices and credit notes, newest first (keyset pages)',
        security,
        querystring: ownInvoiceListQuerySchema,
        response: { 200: invoiceListSchema, ...failures },
      },
    },
    async (request) => {
      const { data, nextCursor } = await invoices.listOwn(actorOf(request), request.query);
      return { ok: 1 as const, data, meta: { nextCursor } };
    },
  );

  app.get(
    '/invoices/:id',
    {
      schema: {
        tags,
        summary: 'One invoice or credit note with its lines and tax per rate',
        security,
        params,
        response: { 200: invoiceAnswerSchema, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await invoices.get(actorOf(request), request.params.id),
    }),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      schema: {
        tags,
        summary: "The invoice's PDF, in the customer's language",
        security,
        params,
        response: { 200: z.string(), ...failures },
      },
    },
    async (request, reply) => {
      const { number, bytes } = await invoices.pdf(actorOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(bytes as unknown as string); // bytes; the schema only documents them
    },
  );
};

/** Facturas: every invoice, filters, CSV, credit notes. */
export const adminInvoiceRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (app, { invoices }) => {
  app.addHook('onRequest', app.authenticate('admin'));
  const tags = ['admin'];

  app.get(
    '/admin/invoices',
    {
      schema: {
        tags,
        summary: 'Invoices and credit notes: dates, series, status, customer search; keyset pages newest first',
        security,
        querystring: adminInvoiceListQuerySchema,
        response: { 200: adminInvoiceListSchema, ...failures },
      },
    },
    async (request) => {
      const { data, nextCursor } = await invoices.listAll(request.query);
      return { ok: 1 as const, data, meta: { nextCursor } };
    },
  );

  app.get(
    '/admin/invoices.csv',
    {
      schema: {
        tags,
        summary: 'The invoices matching the filters, as CSV (streamed)',
        security,
        querystring: adminInvoiceCsvQuerySchema,
        response: { 200: z.string(), ...failures },
      },
    },
    async (request, reply) => {
      const file = `enlaza-invoices-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(invoices.csv(request.query)) as unknown as string); // streamed; the schema only documents it
    },
  );

  app.post(
    '/admin/invoices/verify-chain',
    {
      schema: {
        tags,
        summary: 'Recompute every record of the invoice record chain (VERI*FACTU style hashes) in order and name the first broken one',
        security,
        response: { 200: chainVerificationAnswerSchema, ...failures },
      },
    },
    async () => ({ ok: 1 as const, data: await invoices.verifyChain() }),
  );

  app.post(
    '/admin/invoices/:id/credit-notes',
    {
      schema: {
        tags,
        summary:
          'Issue a credit note (own series, negative amounts) for an exact amount with tax or an exact base, and refund it through the payment provider; a credit of all that is left ends the service it paid for (now or at the period end)',
        security,
        params,
        body: creditNoteBodySchema,
        response: { 201: creditNoteAnswerSchema, ...failures, ...errorResponses(502) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ ok: 1 as const, data: await invoices.credit(actorOf(request), request.params.id, request.body) }),
  );
};
