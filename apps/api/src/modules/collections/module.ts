import { collectionBodySchema, collectionSchema, errorResponseSchema, okResponse, profileKindSchema, type Collection, type ProfileKind } from '@enlaza/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { folders, labels } from '../../db/schema/index.js';
import { requireAuth } from '../../lib/auth.js';
import { AppError } from '../../lib/errors.js';

export type CollectionType = 'folders' | 'labels';
type Body = z.infer<typeof collectionBodySchema>;

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** Folders (carpetas) and labels (etiquetas): per user and kind, with a colour. Deleting one never deletes a profile. */
export function createCollectionsService(db: Database, type: CollectionType) {
  const table = type === 'folders' ? folders : labels;
  // Correlated count, with explicit table names (Drizzle leaves columns unqualified in single-table selects).
  const profilesCount =
    type === 'folders'
      ? sql<number>`(select count(*) from profiles p where p.folder_id = folders.id and p.deleted_at is null)`.mapWith(Number)
      : sql<number>`(select count(*) from profile_labels pl join profiles p on p.id = pl.profile_id where pl.label_id = labels.id and p.deleted_at is null)`.mapWith(Number);
  const columns = { id: table.id, kind: table.kind, name: table.name, color: table.color, profiles: profilesCount };
  const taken = () => new AppError('collection.name_taken', {}, { name: [{ code: 'validation.name_taken' }] });

  async function find(userId: string, id: string): Promise<Collection> {
    const [row] = await db.select(columns).from(table).where(and(eq(table.id, id), eq(table.userId, userId)));
    if (!row) throw new AppError('record.not_found');
    return row;
  }

  return {
    list: (userId: string, kind: ProfileKind) => db.select(columns).from(table).where(and(eq(table.userId, userId), eq(table.kind, kind))).orderBy(sql`lower(${table.name})`),

    async create(userId: string, body: Body): Promise<Collection> {
      try {
        const [row] = await db.insert(table).values({ userId, ...body }).returning({ id: table.id });
        return find(userId, row!.id);
      } catch (error) {
        throw isUniqueViolation(error) ? taken() : error;
      }
    },

    async update(userId: string, id: string, body: Body): Promise<Collection> {
      const existing = await find(userId, id);
      if (existing.kind !== body.kind) throw new AppError('validation.failed', {}, { kind: [{ code: 'validation.invalid_value' }] });
      try {
        await db.update(table).set({ name: body.name, color: body.color }).where(and(eq(table.id, id), eq(table.userId, userId)));
      } catch (error) {
        throw isUniqueViolation(error) ? taken() : error;
      }
      return find(userId, id);
    },

    async remove(userId: string, id: string): Promise<void> {
      await find(userId, id);
      // Profiles stay: their folder becomes none (FK on delete set null) / the label link goes (cascade).
      await db.delete(table).where(and(eq(table.id, id), eq(table.userId, userId)));
    },
  };
}

export type CollectionsService = ReturnType<typeof createCollectionsService>;

export const collectionRoutes: FastifyPluginAsyncZod<{ type: CollectionType; service: CollectionsService }> = async (app, { type, service }) => {
  app.addHook('onRequest', app.authenticate('user'));
  const tags = ['profiles'];
  const security = [{ bearer: [] }];
  const failures = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: errorResponseSchema };
  const one = okResponse(collectionSchema);
  const params = z.object({ id: z.uuid() });
  const what = type === 'folders' ? 'folder' : 'label';

  app.get(`/${type}`, { schema: { tags, summary: `My ${type} for cards or tags, with how many profiles each holds`, security, querystring: z.object({ kind: profileKindSchema }), response: { 200: okResponse(z.array(collectionSchema)), ...failures } } }, async (request) => ({
    ok: 1 as const,
    data: await service.list(requireAuth(request).user.id, request.query.kind),
  }));
  app.post(`/${type}`, { schema: { tags, summary: `Create a ${what}`, security, body: collectionBodySchema, response: { 201: one, ...failures } } }, async (request, reply) =>
    reply.status(201).send({ ok: 1 as const, data: await service.create(requireAuth(request).user.id, request.body) }),
  );
  app.put(`/${type}/:id`, { schema: { tags, summary: `Rename or recolour a ${what}`, security, params, body: collectionBodySchema, response: { 200: one, ...failures } } }, async (request) => ({
    ok: 1 as const,
    data: await service.update(requireAuth(request).user.id, request.params.id, request.body),
  }));
  app.delete(`/${type}/:id`, { schema: { tags, summary: `Delete a ${what} (its profiles stay)`, security, params, response: { 200: okResponse(z.object({})), ...failures } } }, async (request) => {
    await service.remove(requireAuth(request).user.id, request.params.id);
    return { ok: 1 as const, data: {} };
  });
};
