import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { euVatRateBodySchema, euVatRateSchema, isEuCountry, okResponse, type EuVatRate } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { originOf, type RequestOrigin } from '../../lib/request-context.js';
import { actorOf, type Actor } from '../../platform/actor.js';
import type { EventBus } from '../../platform/events.js';
import { routeDocs } from '../../platform/route-docs.js';
import { userPiece } from '../account/index.js';
import { euVatRates } from './schema.js';

/**
 * The admin's table of the member states' standard VAT rates (`eu_vat_rates`): what a consumer in
 * another member state pays once the seller's distance sales pass the threshold. The tax lookup
 * reads a row per sale (repository.ts `distanceSales`); this is the admin's side: list and set one.
 */
export function createEuVatRates(db: Database, events: Pick<EventBus, 'publish'>) {
  const editor = userPiece('eu_vat_rate_editor');
  const rows = (country?: string) =>
    db
      .select({
        country: euVatRates.country,
        rateBasisPoints: euVatRates.rateBasisPoints,
        updatedAt: sql<string>`to_char(${euVatRates.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        editorId: editor.id,
        editorName: editor.name,
      })
      .from(euVatRates)
      .leftJoin(editor, eq(editor.id, euVatRates.updatedBy))
      .where(country ? eq(euVatRates.country, country) : undefined)
      .orderBy(asc(euVatRates.country));
  const view = (row: Awaited<ReturnType<typeof rows>>[number]): EuVatRate => ({
    country: row.country as EuVatRate['country'],
    rateBasisPoints: row.rateBasisPoints,
    updatedAt: row.updatedAt,
    updatedBy: row.editorId ? { id: row.editorId, name: row.editorName ?? '' } : null,
  });

  return {
    /** The 27 member states by country code. */
    list: async (): Promise<EuVatRate[]> => (await rows()).map(view),

    /**
     * Sets one country's rate; the next quote or invoice of a consumer there (past the threshold)
     * bears it. The change is in the admin history with the rate before and after, published in the
     * update's transaction. Setting the rate it already has changes nothing and records nothing.
     */
    async update(actor: Actor, country: string, rateBasisPoints: number, origin: RequestOrigin): Promise<EuVatRate> {
      if (actor.role !== 'admin') throw new AppError('auth.forbidden');
      if (!isEuCountry(country)) throw new AppError('record.not_found');
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(euVatRates).where(eq(euVatRates.country, country)).for('update');
        if (!before) throw new AppError('record.not_found');
        if (before.rateBasisPoints === rateBasisPoints) return;
        await tx
          .update(euVatRates)
          .set({ rateBasisPoints, updatedAt: new Date(), updatedBy: actor.id })
          .where(eq(euVatRates.country, country));
        await events.publish(
          'admin.eu_vat_rate_updated',
          {
            userId: null,
            actorId: actor.id,
            origin,
            target: { type: 'eu_vat_rate', id: country },
            before: { country, rateBasisPoints: before.rateBasisPoints },
            after: { country, rateBasisPoints },
          },
          tx,
        );
      });
      const [row] = await rows(country);
      return view(row!);
    },
  };
}
export type EuVatRates = ReturnType<typeof createEuVatRates>;

/** `/api/admin/eu-vat-rates`: the member states' standard VAT rates (OSS), listed and set one by one. Admin only. */
export const adminEuVatRateRoutes: FastifyPluginAsyncZod<{ rates: EuVatRates }> = async (app, { rates }) => {
  app.addHook('onRequest', app.authenticate('admin'));
  const tags = ['admin'];
  const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 422] });

  app.get(
    '/admin/eu-vat-rates',
    {
      schema: {
        tags,
        summary: 'The standard VAT rate of each EU member state (charged to its consumers past the distance-sales threshold, OSS)',
        security,
        response: { 200: okResponse(z.array(euVatRateSchema)), ...failures },
      },
    },
    async () => ({ ok: 1 as const, data: await rates.list() }),
  );

  app.put(
    '/admin/eu-vat-rates/:country',
    {
      schema: {
        tags,
        summary: 'Set a member state’s standard VAT rate, in basis points (an unknown country answers 404)',
        description: 'The next quote and invoice of a consumer in that country past the distance-sales threshold bear the new rate.',
        security,
        params: z.object({ country: z.string().max(8) }),
        body: euVatRateBodySchema,
        response: { 200: okResponse(euVatRateSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await rates.update(actorOf(request), request.params.country, request.body.rateBasisPoints, originOf(request)),
    }),
  );
};
