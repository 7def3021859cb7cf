import {
  accountTypeAdminSchema,
  accountTypeBodySchema,
  errorResponseSchema,
  okResponse,
  type AccountTypeAdmin,
  type HistoryAction,
  type Locale,
} from '@enlaza/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { LocalisedText } from './schema.js';
import { accountTypes } from './schema.js';
import { actorOf } from '../../platform/actor.js';
import { localName, viewerLocale } from '../../lib/catalogue-names.js';
import { AppError } from '../../lib/errors.js';
import { originOf } from '../../lib/request-context.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { EventBus } from '../../platform/events.js';

type Body = z.infer<typeof accountTypeBodySchema>;
type Stored = { code: string; name: string; names: LocalisedText; requiresTaxId: boolean };
type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof createAccountTypesRepository>['find']>>>;

/** The base name is the one given, else the English name (older clients send only `name`). */
const stored = (body: Body): Stored => ({
  code: body.code,
  name: body.name ?? body.names.en,
  // A Spanish or Japanese name left empty is not stored: English shows instead.
  names: Object.fromEntries(Object.entries(body.names).filter(([, name]) => name)),
  requiresTaxId: body.requiresTaxId,
});

/** The admin's view: the name in their language and each language's own name ('' for a missing Spanish or Japanese one: English shows). */
function toAdmin(row: Found, locale: Locale): AccountTypeAdmin {
  const { names, ...rest } = row;
  const all = { en: names.en || row.name, es: names.es ?? '', jp: names.jp ?? '' };
  return { ...rest, name: localName(row, locale), names: all };
}

export function createAccountTypesRepository(db: Database) {
  const columns = {
    id: accountTypes.id,
    code: accountTypes.code,
    name: accountTypes.name,
    names: accountTypes.names,
    requiresTaxId: accountTypes.requiresTaxId,
    active: accountTypes.active, // Correlated subqueries name their tables explicitly: Drizzle leaves columns unqualified in single-table selects.
    users: sql<number>`(select count(*) from users u where u.account_type_id = account_types.id)`.mapWith(Number),
  };
  return {
    list: () => db.select(columns).from(accountTypes).orderBy(accountTypes.name),
    find: async (id: string) => (await db.select(columns).from(accountTypes).where(eq(accountTypes.id, id)))[0],
    codeInUse: async (code: string, exceptId?: string) => {
      const [row] = await db
        .select({ n: count() })
        .from(accountTypes)
        .where(sql`${accountTypes.code} = ${code} and ${accountTypes.id} <> ${exceptId ?? '00000000-0000-0000-0000-000000000000'}`);
      return (row?.n ?? 0) > 0;
    },
    insert: async (body: Stored) => (await db.insert(accountTypes).values(body).returning({ id: accountTypes.id }))[0]!.id,
    update: (id: string, values: Partial<Stored & { active: boolean }>) =>
      db
        .update(accountTypes)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(accountTypes.id, id)),
    /** Users and offers that point at it. */
    uses: async (id: string) => {
      const [row] = await db
        .select({
          n: sql<number>`(select count(*) from users u where u.account_type_id = ${id}) + (select count(*) from offers o where o.account_type_id = ${id})`.mapWith(
            Number,
          ),
        })
        .from(sql`(select 1) as one`);
      return row?.n ?? 0;
    },
    remove: (id: string) => db.delete(accountTypes).where(eq(accountTypes.id, id)),
  };
}

/** Tipo-cuenta: created, edited and deactivated; deleted only while no user or offer refers to it. */
export function createAccountTypesService(repo: ReturnType<typeof createAccountTypesRepository>, events: Pick<EventBus, 'publish'>) {
  async function require(id: string): Promise<Found> {
    const found = await repo.find(id);
    if (!found) throw new AppError('record.not_found');
    return found;
  }
  /** The history keeps one field per language, so each name's change reads on its own. */
  const flat = (v: Stored) => ({
    code: v.code,
    name: v.name,
    nameEn: v.names.en ?? null,
    nameEs: v.names.es ?? null,
    nameJp: v.names.jp ?? null,
    requiresTaxId: v.requiresTaxId,
  });
  const codeTaken = () => new AppError('catalogue.code_taken', {}, { code: [{ code: 'validation.code_taken' }] });
  const record = (actorId: string, origin: RequestOrigin, id: string, action: HistoryAction, before: object | undefined, after: object) =>
    events.publish(action, {
      userId: null,
      actorId,
      origin,
      target: { type: 'account_type', id },
      before: before as Record<string, unknown>,
      after: after as Record<string, unknown>,
    });

  return {
    /** Sorted by the name in the viewer's language. */
    list: async (locale: Locale = 'en') =>
      (await repo.list()).map((row) => toAdmin(row, locale)).sort((a, b) => a.name.localeCompare(b.name, locale === 'jp' ? 'ja' : locale)),
    async create(actorId: string, body: Body, origin: RequestOrigin, locale: Locale = 'en') {
      if (await repo.codeInUse(body.code)) throw codeTaken();
      const values = stored(body);
      const id = await repo.insert(values);
      await record(actorId, origin, id, 'admin.account_type_created', undefined, flat(values));
      return toAdmin(await require(id), locale);
    },
    async update(actorId: string, id: string, body: Body, origin: RequestOrigin, locale: Locale = 'en') {
      const before = await require(id);
      if (await repo.codeInUse(body.code, id)) throw codeTaken();
      const values = stored(body);
      await repo.update(id, values);
      await record(actorId, origin, id, 'admin.account_type_updated', flat(before), flat(values));
      return toAdmin(await require(id), locale);
    },
    async setActive(actorId: string, id: string, active: boolean, origin: RequestOrigin, locale: Locale = 'en') {
      const before = await require(id);
      if (before.active !== active) {
        await repo.update(id, { active });
        await record(
          actorId,
          origin,
          id,
          active ? 'admin.account_type_activated' : 'admin.account_type_deactivated',
          { active: before.active },
          { active },
        );
      }
      return toAdmin(await require(id), locale);
    },
    /** Only a type no user or offer points at; one in use answers 409 and is to be deactivated instead. */
    async remove(actorId: string, id: string, origin: RequestOrigin) {
      const before = await require(id);
      const uses = await repo.uses(id);
      if (uses > 0) throw new AppError('catalogue.in_use', { count: uses });
      await repo.remove(id);
      await record(actorId, origin, id, 'admin.account_type_deleted', flat({ ...before, names: before.names }), {});
    },
  };
}

export const accountTypeRoutes: FastifyPluginAsyncZod<{ service: ReturnType<typeof createAccountTypesService> }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate('admin'));
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  const failures = {
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    422: errorResponseSchema,
  };
  const one = okResponse(accountTypeAdminSchema);
  const params = z.object({ id: z.uuid() });

  app.get(
    '/admin/account-types',
    {
      schema: {
        tags,
        summary: 'Account types with their number of users',
        security,
        response: { 200: okResponse(z.array(accountTypeAdminSchema)), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await service.list(viewerLocale(request)) }),
  );
  app.post(
    '/admin/account-types',
    { schema: { tags, summary: 'Create an account type', security, body: accountTypeBodySchema, response: { 201: one, ...failures } } },
    async (request, reply) =>
      reply
        .status(201)
        .send({ ok: 1 as const, data: await service.create(actorOf(request).id, request.body, originOf(request), viewerLocale(request)) }),
  );
  app.put(
    '/admin/account-types/:id',
    {
      schema: { tags, summary: 'Edit an account type', security, params, body: accountTypeBodySchema, response: { 200: one, ...failures } },
    },
    async (request) => ({
      ok: 1 as const,
      data: await service.update(actorOf(request).id, request.params.id, request.body, originOf(request), viewerLocale(request)),
    }),
  );
  for (const [action, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    app.post(
      `/admin/account-types/:id/${action}`,
      {
        schema: {
          tags,
          summary: `${action === 'activate' ? 'Activate' : 'Deactivate (never delete)'} an account type`,
          security,
          params,
          response: { 200: one, ...failures },
        },
      },
      async (request) => ({
        ok: 1 as const,
        data: await service.setActive(actorOf(request).id, request.params.id, active, originOf(request), viewerLocale(request)),
      }),
    );
  }
  app.delete(
    '/admin/account-types/:id',
    {
      schema: {
        tags,
        summary: 'Delete an account type nothing uses (one in use answers 409: deactivate it)',
        security,
        params,
        response: { 200: okResponse(z.object({ id: z.string() })), ...failures },
      },
    },
    async (request) => {
      await service.remove(actorOf(request).id, request.params.id, originOf(request));
      return { ok: 1 as const, data: { id: request.params.id } };
    },
  );
};
