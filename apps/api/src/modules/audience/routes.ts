import {
  audienceVisitorPageSchema,
  audienceVisitorQuerySchema,
  CONTACT_IMPORT_MAX_BYTES,
  audienceCountSchema,
  audienceSelectorSchema,
  audienceSourcesSchema,
  contactImportBodySchema,
  contactImportPreviewBodySchema,
  contactImportPreviewSchema,
  contactImportResultSchema,
  contactListQuerySchema,
  contactListSchema,
  contactPageSchema,
  consentProofQuerySchema,
  consentProofSchema,
  consentSettingsBodySchema,
  consentSettingsSchema,
  okResponse,
  suppressionCreateBodySchema,
  suppressionPageSchema,
  suppressionQuerySchema,
  suppressionSchema,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor.js';
import { errorResponses, routeDocs } from '../../platform/route-docs.js';
import type { AudienceService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 422] });
const tags = ['audience'];
const listParams = z.object({ id: z.uuid() });
const done = okResponse(z.object({ deleted: z.literal(true) }));
/** A CSV of the largest size, as JSON text (escaping can double it). */
const importBodyLimit = CONTACT_IMPORT_MAX_BYTES * 2 + 64 * 1024;

/** The app as a route plugin gets it (typed by the contracts' zod schemas). */
type App = Parameters<FastifyPluginAsyncZod>[0];

/** Audience (under Campañas): recipients count and sources, imported contact lists, suppression list. Another user's list is 404. */
export const audienceRoutes: FastifyPluginAsyncZod<{ audience: AudienceService }> = async (app, { audience }) => {
  app.addHook('onRequest', app.authenticate('user'));
  registerAudienceRoutes(app, audience);
  registerListRoutes(app, audience);
  registerSuppressionRoutes(app, audience);
  registerConsentRoutes(app, audience);
};

/** Double opt-in: the owner's settings and the proofs of consent kept for an address. */
function registerConsentRoutes(app: App, audience: AudienceService): void {
  app.get(
    '/audience/consent',
    {
      schema: {
        tags,
        summary:
          'How I take consents: double opt-in (on by default), my confirmation email and thanks texts, and the days an unconfirmed contact waits',
        security,
        response: { 200: okResponse(consentSettingsSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await audience.consentSettings(actorOf(request)) }),
  );

  app.put(
    '/audience/consent',
    {
      schema: {
        tags,
        summary: 'Change how I take consents (empty texts: the translated defaults, in each visitor’s language)',
        security,
        body: consentSettingsBodySchema,
        response: { 200: okResponse(consentSettingsSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await audience.saveConsentSettings(actorOf(request), request.body) }),
  );

  app.get(
    '/audience/consents',
    {
      schema: {
        tags,
        summary:
          'The proofs of consent I hold for an address, newest first: when, the text shown and its version, where, and its confirmation',
        security,
        querystring: consentProofQuerySchema,
        response: { 200: okResponse(z.array(consentProofSchema)), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await audience.consentProofs(actorOf(request), request.query.email) }),
  );
}

/** Who a campaign reaches: the count of a selector and the sources to pick from. */
function registerAudienceRoutes(app: App, audience: AudienceService): void {
  app.post(
    '/audience/count',
    {
      schema: {
        tags,
        summary:
          'How many recipients a selection reaches now (de-duplicated, suppressed addresses left out); an id that is not yours answers 404',
        security,
        body: audienceSelectorSchema,
        response: { 200: okResponse(audienceCountSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await audience.count(actorOf(request), request.body) }),
  );

  app.get(
    '/audience/sources',
    {
      schema: {
        tags,
        summary: 'My profiles, folders, labels and imported lists with their consenting contacts (the audience picker)',
        security,
        response: { 200: okResponse(audienceSourcesSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await audience.sources(actorOf(request)) }),
  );
}

/** Imported contact lists: preview and import a CSV, read, delete, and their contacts. */
function registerListRoutes(app: App, audience: AudienceService): void {
  app.get(
    '/audience/lists',
    {
      schema: {
        tags,
        summary: 'My imported contact lists, newest first, with their contact counts',
        security,
        response: { 200: okResponse(z.array(contactListSchema)), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await audience.lists(actorOf(request)),
    }),
  );

  app.post(
    '/audience/lists/preview',
    {
      bodyLimit: importBodyLimit,
      schema: {
        tags,
        summary: 'Step 1 of a CSV import: the first rows and column guesses (nothing is stored)',
        security,
        body: contactImportPreviewBodySchema,
        response: { 200: okResponse(contactImportPreviewSchema), ...failures, ...errorResponses(413) },
      },
    },
    async (request) => ({ ok: 1 as const, data: audience.preview(actorOf(request), request.body.csv) }),
  );

  app.post(
    '/audience/lists/import',
    {
      bodyLimit: importBodyLimit,
      schema: {
        tags,
        summary:
          'Step 2: import the mapped columns into a new list (name) or an existing one (listId). All or nothing; bad rows are reported by line',
        security,
        body: contactImportBodySchema,
        response: { 201: okResponse(contactImportResultSchema), ...failures, ...errorResponses(413) },
      },
    },
    async (request, reply) => reply.status(201).send({ ok: 1 as const, data: await audience.importCsv(actorOf(request), request.body) }),
  );

  app.get(
    '/audience/lists/:id',
    {
      schema: {
        tags,
        summary: 'One of my contact lists',
        security,
        params: listParams,
        response: { 200: okResponse(contactListSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await audience.list(actorOf(request), request.params.id),
    }),
  );

  app.delete(
    '/audience/lists/:id',
    {
      schema: {
        tags,
        summary: 'Delete a contact list and its contacts',
        security,
        params: listParams,
        response: { 200: done, ...failures },
      },
    },
    async (request) => {
      await audience.deleteList(actorOf(request), request.params.id);
      return { ok: 1 as const, data: { deleted: true as const } };
    },
  );

  app.get(
    '/audience/lists/:id/contacts',
    {
      schema: {
        tags,
        summary: "A list's contacts by address, searchable, in keyset pages (pass meta.nextCursor as cursor)",
        security,
        params: listParams,
        querystring: contactListQuerySchema,
        response: { 200: contactPageSchema, ...failures },
      },
    },
    async (request) => {
      const { data, nextCursor } = await audience.contacts(actorOf(request), request.params.id, request.query);
      return { ok: 1 as const, data, meta: { nextCursor } };
    },
  );

  app.delete(
    '/audience/lists/:id/contacts/:contactId',
    {
      schema: {
        tags,
        summary: 'Remove one contact from a list',
        security,
        params: z.object({ id: z.uuid(), contactId: z.uuid() }),
        response: { 200: done, ...failures },
      },
    },
    async (request) => {
      await audience.deleteContact(actorOf(request), request.params.id, request.params.contactId);
      return { ok: 1 as const, data: { deleted: true as const } };
    },
  );
}

/** The consenting visitors, and the suppression list that leaves addresses out of campaigns. */
function registerSuppressionRoutes(app: App, audience: AudienceService): void {
  app.get(
    '/audience/visitors',
    {
      schema: {
        tags,
        summary:
          'All contacts: the visitors who wrote through my cards and tags and agreed to hear from me, one per address (its newest message), searchable, in keyset pages, with the suppression that leaves one out of campaigns',
        security,
        querystring: audienceVisitorQuerySchema,
        response: { 200: audienceVisitorPageSchema, ...failures },
      },
    },
    async (request) => {
      const { data, nextCursor } = await audience.visitors(actorOf(request), request.query);
      return { ok: 1 as const, data, meta: { nextCursor } };
    },
  );

  app.get(
    '/audience/suppressions',
    {
      schema: {
        tags,
        summary: 'My suppression list by address, searchable, in keyset pages',
        security,
        querystring: suppressionQuerySchema,
        response: { 200: suppressionPageSchema, ...failures },
      },
    },
    async (request) => {
      const { data, nextCursor } = await audience.suppressions(actorOf(request), request.query);
      return { ok: 1 as const, data, meta: { nextCursor } };
    },
  );

  app.post(
    '/audience/suppressions',
    {
      schema: {
        tags,
        summary: 'Never email this address again (reason "manual"; an address already listed keeps its reason)',
        security,
        body: suppressionCreateBodySchema,
        response: { 201: okResponse(suppressionSchema), ...failures },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ ok: 1 as const, data: await audience.addSuppression(actorOf(request), request.body.email) }),
  );

  app.delete(
    '/audience/suppressions/:email',
    {
      schema: {
        tags,
        summary: 'Take an address off the suppression list; refused (409) for an unsubscribed address, which only its owner can undo',
        security,
        params: z.object({ email: z.string().min(1).max(254) }),
        response: { 200: done, ...failures, ...errorResponses(409) },
      },
    },
    async (request) => {
      await audience.removeSuppression(actorOf(request), request.params.email);
      return { ok: 1 as const, data: { deleted: true as const } };
    },
  );
}
