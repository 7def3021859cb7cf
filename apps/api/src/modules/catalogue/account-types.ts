import { accountTypeAdminSchema, accountTypeBodySchema, errorResponseSchema, okResponse, type AccountTypeAdmin, type ActivityAction } from '@enlaza/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { accountTypes } from '../../db/schema/index.js';
import { requireAuth } from '../../lib/auth.js';
import { AppError } from '../../lib/errors.js';
import { originOf } from '../../lib/request-context.js';
import type { ActivityService, RequestOrigin } from '../activity/service.js';

type Body = z.infer<typeof accountTypeBodySchema>;

export function createAccountTypesRepository(db: Database) {
  const columns = { id: accountTypes.id, code: accountTypes.code, name: accountTypes.name, requiresTaxId: accountTypes.requiresTaxId, active: accountTypes.active, // Correlated subqueries name their tables explicitly: Drizzle leaves columns unqualified in single-table selects.
    users: sql<number>`(select count(*) from users u where u.account_type_id = account_types.id)`.mapWith(Number) };
  return {
    list: () => db.select(columns).from(accountTypes).orderBy(accountTypes.name),
    find: async (id: string) => (await db.select(columns).from(accountTypes).where(eq(accountTypes.id, id)))[0],
    codeInUse: async (code: string, exceptId?: string) => {
      const [row] = await db.select({ n: count() }).from(accountTypes).where(sql`${accountTypes.code} = ${code} and ${accountTypes.id} <> ${exceptId ?? '00000000-0000-0000-0000-000000000000'}`);
      return (row?.n ?? 0) > 0;
    },
    insert: async (body: Body) => (await db.insert(accountTypes).values(body).returning({ id: accountTypes.id }))[0]!.id,
    update: (id: string, values: Partial<Body & { active: boolean }>) => db.update(accountTypes).set({ ...values, updatedAt: sql`now()` }).where(eq(accountTypes.id, id)),
  };
}

/** Tipo-cuenta: created, edited and deactivated, never deleted (users and invoices refer to them). */
export function createAccountTypesService(repo: ReturnType<typeof createAccountTypesRepository>, activity: ActivityService) {
  async function require(id: string): Promise<AccountTypeAdmin> {
    const found = await repo.find(id);
    if (!found) throw new AppError('record.not_found');
    return found;
  }
  const codeTaken = () => new AppError('catalogue.code_taken', {}, { code: [{ code: 'validation.code_taken' }] });
  const record = (actorId: string, origin: RequestOrigin, id: string, action: ActivityAction, before: object | undefined, after: object) =>
    activity.record({ action, userId: null, actorId, origin, target: { type: 'account_type', id }, before: before as Record<string, unknown>, after: after as Record<string, unknown> });

  return {
    list: () => repo.list(),
    async create(actorId: string, body: Body, origin: RequestOrigin) {
      if (await repo.codeInUse(body.code)) throw codeTaken();
      const id = await repo.insert(body);
      await record(actorId, origin, id, 'admin.account_type_created', undefined, body);
      return require(id);
    },
    async update(actorId: string, id: string, body: Body, origin: RequestOrigin) {
      const before = await require(id);
      if (await repo.codeInUse(body.code, id)) throw codeTaken();
      await repo.update(id, body);
      await record(actorId, origin, id, 'admin.account_type_updated', { code: before.code, name: before.name, requiresTaxId: before.requiresTaxId }, body);
      return require(id);
    },
    async setActive(actorId: string, id: string, active: boolean, origin: RequestOrigin) {
      const before = await require(id);
      if (before.active !== active) {
        await repo.update(id, { active });
        await record(actorId, origin, id, active ? 'admin.account_type_activated' : 'admin.account_type_deactivated', { active: before.active }, { active });
      }
      return require(id);
    },
  };
}

export const accountTypeRoutes: FastifyPluginAsyncZod<{ service: ReturnType<typeof createAccountTypesService> }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate('admin'));
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  const failures = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: errorResponseSchema };
  const one = okResponse(accountTypeAdminSchema);
  const params = z.object({ id: z.uuid() });

  app.get('/admin/account-types', { schema: { tags, summary: 'Account types with their number of users', security, response: { 200: okResponse(z.array(accountTypeAdminSchema)), ...failures } } }, async () => ({ ok: 1 as const, data: await service.list() }));
  app.post('/admin/account-types', { schema: { tags, summary: 'Create an account type', security, body: accountTypeBodySchema, response: { 201: one, ...failures } } }, async (request, reply) =>
    reply.status(201).send({ ok: 1 as const, data: await service.create(requireAuth(request).user.id, request.body, originOf(request)) }),
  );
  app.put('/admin/account-types/:id', { schema: { tags, summary: 'Edit an account type', security, params, body: accountTypeBodySchema, response: { 200: one, ...failures } } }, async (request) => ({
    ok: 1 as const,
    data: await service.update(requireAuth(request).user.id, request.params.id, request.body, originOf(request)),
  }));
  for (const [action, active] of [['deactivate', false], ['activate', true]] as const) {
    app.post(`/admin/account-types/:id/${action}`, { schema: { tags, summary: `${action === 'activate' ? 'Activate' : 'Deactivate (never delete)'} an account type`, security, params, response: { 200: one, ...failures } } }, async (request) => ({
      ok: 1 as const,
      data: await service.setActive(requireAuth(request).user.id, request.params.id, active, originOf(request)),
    }));
  }
};
