import multipart from '@fastify/multipart';
import {
  myTeamSchema,
  okResponse,
  publicTeamInvitationSchema,
  teamImportResultSchema,
  teamInvitationBodySchema,
  teamInvitationImportBodySchema,
  teamInvitationSchema,
  teamInvitationsQuerySchema,
  TEAM_IMPORT_MAX_ROWS,
} from '@enlaza/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor.js';
import { errorResponses, routeDocs } from '../../platform/route-docs.js';
import type { TeamsService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 409, 422] });
const tags = ['teams'];
const idParams = z.object({ id: z.uuid() });
const tokenParams = z.object({ token: z.string().min(1).max(200) });
const ok = <T>(data: T) => ({ ok: 1 as const, data });
/** A CSV of invitations: at most a megabyte (the JSON body's limit is raised to hold it). */
const IMPORT_BODY_LIMIT = 2 * 1024 * 1024;

/** Invitations: the admins' list, one by one or a CSV, resend and revoke; the invitee's view and acceptance. */
export async function registerInvitationRoutes(root: FastifyInstance, teams: TeamsService): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { invitations } = teams;
  const onRequest = app.authenticate('user');
  app.get(
    '/team/invitations',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The team’s invitations, newest first (owner or admin)',
        security,
        querystring: teamInvitationsQuerySchema,
        response: { 200: okResponse(z.array(teamInvitationSchema)), ...failures },
      },
    },
    async (request) => ok(await invitations.list(actorOf(request), request.query.status)),
  );
  app.post(
    '/team/invitations',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Invite one person by email (valid 7 days)',
        security,
        body: teamInvitationBodySchema,
        response: { 201: okResponse(teamInvitationSchema), ...failures },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await invitations.create(actorOf(request), request.body))),
  );
  // The CSV comes as JSON `{csv, role}` or as a multipart form whose file part is `csv` (and an optional `role` field).
  await app.register(async (scope) => {
    await scope.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: IMPORT_BODY_LIMIT, files: 1, fields: 2, parts: 3 },
      onFile: async (part) => {
        (part as unknown as { value: string }).value = (await part.toBuffer()).toString('utf8');
      },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/team/invitations/import',
      {
        onRequest,
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: {
          tags,
          summary: `Invite from a CSV of name, email, job title, phone (at most ${TEAM_IMPORT_MAX_ROWS} rows): each row invited or refused with its line and a translated reason`,
          security,
          consumes: ['application/json', 'multipart/form-data'],
          body: teamInvitationImportBodySchema,
          response: { 200: okResponse(teamImportResultSchema), ...failures, ...errorResponses(413) },
        },
      },
      async (request) => ok(await invitations.importCsv(actorOf(request), request.body.csv, request.body.role)),
    );
  });
  app.post(
    '/team/invitations/:id/resend',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Send a pending invitation again with a new link valid 7 days (the old link stops working)',
        security,
        params: idParams,
        response: { 200: okResponse(teamInvitationSchema), ...failures },
      },
    },
    async (request) => ok(await invitations.resend(actorOf(request), request.params.id)),
  );
  app.delete(
    '/team/invitations/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Revoke a pending invitation (its link stops working)',
        security,
        params: idParams,
        response: { 200: okResponse(z.object({})), ...failures },
      },
    },
    async (request) => {
      await invitations.revoke(actorOf(request), request.params.id);
      return ok({});
    },
  );
  app.get(
    '/team-invitations/:token',
    {
      schema: {
        tags,
        summary: 'What an invitation link shows before signing in: the team, who invited, the address, whether it expired',
        security: [],
        params: tokenParams,
        response: { 200: okResponse(publicTeamInvitationSchema), ...errorResponses(404) },
      },
    },
    async (request) => ok(await invitations.view(request.params.token)),
  );
  app.post(
    '/team-invitations/:token/accept',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Join the team with the account signed in (its email must be the invitation’s): membership and a card from the template',
        security,
        params: tokenParams,
        response: { 200: okResponse(myTeamSchema), ...failures, ...errorResponses(410) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await invitations.accept(actor, request.params.token);
      return ok(await teams.team.mine(actor));
    },
  );
}
