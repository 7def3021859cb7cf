import { CATALOGUE_KINDS, catalogueSchemas, okResponse, type CatalogueKind } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerLocale } from '../../lib/catalogue-names.js';
import { originOf } from '../../lib/request-context.js';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { CatalogueService } from './service.js';

/** What each kind is called in the docs' summaries. */
const LABEL: Record<CatalogueKind, [one: string, many: string]> = {
  'billing-periods': ['a billing period', 'Billing periods'],
  taxes: ['a tax', 'Taxes'],
  plans: ['a plan', 'Plans'],
  offers: ['an offer', 'Offers'],
  'add-ons': ['an add-on', 'Add-ons'],
};

/** `/api/admin/{billing-periods,taxes,plans,offers,add-ons}`: list, create, edit, (de)activate, delete an unused item. Admin only. */
export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (app, { catalogue }) => {
  app.addHook('onRequest', app.authenticate('admin'));
  const tags = ['admin'];
  const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 409, 422] });
  const params = z.object({ id: z.uuid() });

  const register = <K extends CatalogueKind>(kind: K) => {
    const { admin, body } = catalogueSchemas[kind];
    const [one, many] = LABEL[kind];
    const one200 = okResponse(admin);
    const base = `/admin/${kind}`;
    app.get(
      base,
      {
        schema: {
          tags,
          summary: `${many}, active and inactive, with how many records use each`,
          security,
          response: { 200: okResponse(z.array(admin)), ...failures },
        },
      },
      async (request) => ({
        ok: 1 as const,
        data: await catalogue.list(kind, viewerLocale(request)),
      }),
    );
    app.post(
      base,
      { schema: { tags, summary: `Create ${one}`, security, body, response: { 201: one200, ...failures } } },
      async (request, reply) =>
        reply.status(201).send({
          ok: 1 as const,
          data: await catalogue.create(actorOf(request), kind, request.body as never, originOf(request), viewerLocale(request)),
        }),
    );
    app.put(
      `${base}/:id`,
      { schema: { tags, summary: `Edit ${one}`, security, params, body, response: { 200: one200, ...failures } } },
      async (request) => ({
        ok: 1 as const,
        data: await catalogue.update(
          actorOf(request),
          kind,
          request.params.id,
          request.body as never,
          originOf(request),
          viewerLocale(request),
        ),
      }),
    );
    for (const [action, active] of [
      ['deactivate', false],
      ['activate', true],
    ] as const) {
      app.post(
        `${base}/:id/${action}`,
        {
          schema: {
            tags,
            summary: `${action === 'activate' ? 'Activate' : 'Deactivate'} ${one}`,
            security,
            params,
            response: { 200: one200, ...failures },
          },
        },
        async (request) => ({
          ok: 1 as const,
          data: await catalogue.setActive(actorOf(request), kind, request.params.id, active, originOf(request), viewerLocale(request)),
        }),
      );
    }
    app.delete(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Delete ${one} nothing uses (one in use answers 409: deactivate it)`,
          security,
          params,
          response: { 200: okResponse(z.object({ id: z.string() })), ...failures },
        },
      },
      async (request) => {
        await catalogue.remove(actorOf(request), kind, request.params.id, originOf(request));
        return { ok: 1 as const, data: { id: request.params.id } };
      },
    );
  };
  for (const kind of CATALOGUE_KINDS) register(kind);
};
