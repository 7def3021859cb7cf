import {
  adminSubmissionListQuerySchema,
  recordSubmissionListAnswerSchema,
  type RecordSubmission,
  type SubmissionState,
} from '@enlaza/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client.js';
import { routeDocs } from '../../../platform/route-docs.js';
import { invoiceRecordSubmissions, invoiceRecords } from '../schema.js';

/**
 * Records and what the AEAT answered, in a state (all when none): pending ones oldest first (the
 * order they go in), settled ones newest answer first (a rejection to look at is on top).
 */
export async function listSubmissions(
  db: Database,
  query: { state?: SubmissionState | undefined; limit: number },
): Promise<RecordSubmission[]> {
  const s = invoiceRecordSubmissions;
  const rows = await db
    .select({ submission: s, invoiceId: invoiceRecords.invoiceId, number: invoiceRecords.number })
    .from(s)
    .innerJoin(invoiceRecords, eq(invoiceRecords.id, s.recordId))
    .where(query.state ? and(eq(s.state, query.state)) : undefined)
    .orderBy(...(query.state === 'pending' ? [asc(s.issuerTaxId), asc(s.position)] : [desc(s.answeredAt), desc(s.position)]))
    .limit(query.limit);
  return rows.map(({ submission, invoiceId, number }) => ({
    recordId: submission.recordId,
    invoiceId,
    number,
    issuerTaxId: submission.issuerTaxId,
    position: submission.position,
    state: submission.state,
    csv: submission.csv,
    errorCode: submission.errorCode,
    errorDescription: submission.errorDescription,
    attempts: submission.attempts,
    answeredAt: submission.answeredAt?.toISOString() ?? null,
  }));
}

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 422] });

/** Admin: where each record stands with the AEAT in VERI*FACTU mode (a rejected one needs a correction). */
export const adminSubmissionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', app.authenticate('admin'));
  app.get(
    '/admin/invoices/submissions',
    {
      schema: {
        tags: ['invoices'],
        summary: "Invoice records' sending to the AEAT (VERI*FACTU): state, CSV, the AEAT's error code and description",
        security,
        querystring: adminSubmissionListQuerySchema,
        response: { 200: recordSubmissionListAnswerSchema, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await listSubmissions(db, request.query) }),
  );
};
