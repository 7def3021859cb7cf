import { Readable } from 'node:stream';
import {
  myTeamSchema,
  okResponse,
  teamBodySchema,
  teamCardAssignBodySchema,
  teamCardSchema,
  teamDirectoryBodySchema,
  teamFiguresQuerySchema,
  teamFiguresSchema,
  teamMemberRemoveBodySchema,
  teamMemberSchema,
  teamMembersQuerySchema,
  teamMemberUpdateBodySchema,
  teamSchema,
  teamTemplateBodySchema,
  teamTemplateSavedSchema,
  teamTemplateSchema,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import { registerInvitationRoutes } from './invitation-routes.js';
import type { TeamsService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 409, 422] });
const tags = ['teams'];
const memberParams = z.object({ userId: z.uuid() });
const ok = <T>(data: T) => ({ ok: 1 as const, data });

type App = Parameters<FastifyPluginAsyncZod>[0];

/** `/api/team…`: the actor's team (any member reads; owner and admins run it), and the public invitation links. */
export const teamRoutes: FastifyPluginAsyncZod<{ teams: TeamsService }> = async (app, { teams }) => {
  registerTeamRoutes(app, teams);
  registerMemberRoutes(app, teams);
  registerTemplateRoutes(app, teams);
  await registerInvitationRoutes(app, teams);
};

function registerTeamRoutes(app: App, { team }: TeamsService): void {
  const onRequest = app.authenticate('user');
  app.get(
    '/team',
    {
      onRequest,
      schema: {
        tags,
        summary: 'My team and my role in it (null: I am in none)',
        security,
        response: { 200: okResponse(myTeamSchema), ...failures },
      },
    },
    async (request) => ok(await team.mine(actorOf(request))),
  );
  app.post(
    '/team',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create a team I own (409 when I am already in one)',
        security,
        body: teamBodySchema,
        response: { 201: okResponse(myTeamSchema), ...failures },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await team.create(actorOf(request), request.body))),
  );
  app.put(
    '/team',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change my team (owner): name, alias (the old one redirects), logo, cover, colour, address, website',
        security,
        body: teamBodySchema,
        response: { 200: okResponse(teamSchema), ...failures },
      },
    },
    async (request) => ok(await team.update(actorOf(request), request.body)),
  );
  app.delete(
    '/team',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete my team (owner, once nobody else is in it)',
        security,
        response: { 200: okResponse(z.object({})), ...failures },
      },
    },
    async (request) => {
      await team.remove(actorOf(request));
      return ok({});
    },
  );
  app.put(
    '/team/directory',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Show or hide the team’s public directory at /link/{alias} (owner or admin)',
        security,
        body: teamDirectoryBodySchema,
        response: { 200: okResponse(teamSchema), ...failures },
      },
    },
    async (request) => ok(await team.setDirectory(actorOf(request), request.body.enabled)),
  );
}

function registerMemberRoutes(app: App, { members, figures }: TeamsService): void {
  const onRequest = app.authenticate('user');
  app.get(
    '/team/members',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The team’s members with their card and last activity (owner or admin)',
        security,
        querystring: teamMembersQuerySchema,
        response: { 200: okResponse(z.array(teamMemberSchema)), ...failures },
      },
    },
    async (request) => ok(await members.list(actorOf(request), request.query)),
  );
  app.put(
    '/team/members/:userId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change a member’s role, job title or phone (owner or admin)',
        security,
        params: memberParams,
        body: teamMemberUpdateBodySchema,
        response: { 200: okResponse(teamMemberSchema), ...failures },
      },
    },
    async (request) => ok(await members.update(actorOf(request), request.params.userId, request.body)),
  );
  app.delete(
    '/team/members/:userId',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Remove a member: their personal account stays; the team keeps their card (`keep`: unassigned) or takes it offline (`retire`)',
        security,
        params: memberParams,
        body: teamMemberRemoveBodySchema,
        response: { 200: okResponse(z.object({})), ...failures },
      },
    },
    async (request) => {
      await members.remove(actorOf(request), request.params.userId, request.body);
      return ok({});
    },
  );
  app.get(
    '/team/cards',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The team’s cards and whom each is assigned to (owner or admin)',
        security,
        response: { 200: okResponse(z.array(teamCardSchema)), ...failures },
      },
    },
    async (request) => ok(await members.cards(actorOf(request))),
  );
  app.post(
    '/team/cards/:profileId/assign',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Assign an unassigned or retired card to an active member without one: same link and QR, new messages reach them',
        security,
        params: z.object({ profileId: z.uuid() }),
        body: teamCardAssignBodySchema,
        response: { 200: okResponse(teamCardSchema), ...failures },
      },
    },
    async (request) => ok(await members.assign(actorOf(request), request.params.profileId, request.body.userId)),
  );
  app.get(
    '/team/figures',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Visitors, saves and messages per card and day, and in total (owner or admin)',
        security,
        querystring: teamFiguresQuerySchema,
        response: { 200: okResponse(teamFiguresSchema), ...failures },
      },
    },
    async (request) => ok(await figures.figures(actorOf(request), request.query.days)),
  );
  app.get(
    '/team/leads.csv',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Every message of every team card, as CSV (owner or admin)',
        security,
        response: { 200: z.string(), ...failures },
      },
    },
    async (request, reply) => {
      const lines = await figures.leadsCsv(actorOf(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="enlaza-team-leads-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines) as unknown as string); // streamed; the schema only documents it
    },
  );
}

function registerTemplateRoutes(app: App, { template }: TeamsService): void {
  const onRequest = app.authenticate('user');
  app.get(
    '/team/template',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The team’s card template: values and a lock per field (any member)',
        security,
        response: { 200: okResponse(teamTemplateSchema), ...failures },
      },
    },
    async (request) => ok(await template.get(actorOf(request))),
  );
  app.put(
    '/team/template',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change the template (owner or admin): its locked fields are written on every team card at once',
        security,
        body: teamTemplateBodySchema,
        response: { 200: okResponse(teamTemplateSavedSchema), ...failures },
      },
    },
    async (request) => ok(await template.save(actorOf(request), request.body)),
  );
}
