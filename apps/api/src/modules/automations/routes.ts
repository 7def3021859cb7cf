import {
  automationBodySchema,
  automationPeoplePageSchema,
  automationSchema,
  automationStepBodySchema,
  campaignTestSendSchema,
  okResponse,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.js';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { AutomationsService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 409, 422] });
const tags = ['automations'];
const answer = okResponse(automationSchema);
const idParams = z.object({ id: z.uuid() });
const stepParams = z.object({ id: z.uuid(), stepId: z.uuid() });

/** The app as a route plugin gets it (typed by the contracts' zod schemas). */
type App = Parameters<FastifyPluginAsyncZod>[0];

/** The signed-in account's address and name: a step's test goes to it. */
function me(request: Parameters<typeof actorOf>[0]) {
  const { user } = requireAuth(request);
  return { email: user.email, name: user.name };
}

/** The owner's automations (email sequences). Another user's automation is 404; an admin is 403. */
export const automationRoutes: FastifyPluginAsyncZod<{ automations: AutomationsService }> = async (app, { automations }) => {
  app.addHook('onRequest', app.authenticate('user'));
  registerStepRoutes(app, automations);

  app.get(
    '/automations',
    {
      schema: {
        tags,
        summary: 'My automations, newest first, with the figures of each step and how many people are in each',
        security,
        response: { 200: okResponse(z.array(automationSchema)), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await automations.list(actorOf(request)) }),
  );

  app.post(
    '/automations',
    {
      schema: {
        tags,
        summary: 'Create an automation (a draft: nobody enters until it is activated)',
        security,
        body: automationBodySchema,
        response: { 201: answer, ...failures },
      },
    },
    async (request, reply) => reply.status(201).send({ ok: 1 as const, data: await automations.create(actorOf(request), request.body) }),
  );

  app.get(
    '/automations/:id',
    {
      schema: {
        tags,
        summary: 'One automation with its steps and their figures',
        security,
        params: idParams,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await automations.get(actorOf(request), request.params.id) }),
  );

  app.put(
    '/automations/:id',
    {
      schema: {
        tags,
        summary: 'Rename it or change its trigger (who enters from now on; the people in it go on)',
        security,
        params: idParams,
        body: automationBodySchema,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await automations.update(actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/automations/:id',
    {
      schema: {
        tags,
        summary: 'Delete a draft or paused automation with its steps and people (409 automation.busy while it is active)',
        security,
        params: idParams,
        response: { 200: okResponse(z.object({ deleted: z.literal(true) })), ...failures },
      },
    },
    async (request) => {
      await automations.remove(actorOf(request), request.params.id);
      return { ok: 1 as const, data: { deleted: true as const } };
    },
  );

  app.post(
    '/automations/:id/activate',
    {
      schema: {
        tags,
        summary:
          "Activate (or resume) it: each step's template copied, people start entering (422 automation.no_steps or automation.template_missing, 409 campaign.sender_missing)",
        security,
        params: idParams,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await automations.activate(actorOf(request), request.params.id) }),
  );

  app.post(
    '/automations/:id/pause',
    {
      schema: {
        tags,
        summary: 'Pause it: nobody moves to a step until it is activated again (people still enter and wait)',
        security,
        params: idParams,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await automations.pause(actorOf(request), request.params.id) }),
  );

  app.get(
    '/automations/:id/people',
    {
      schema: {
        tags,
        summary: 'The people in it, newest first, in keyset pages (pass meta.nextCursor as cursor)',
        security,
        params: idParams,
        querystring: z.object({ cursor: z.string().max(200).optional() }),
        response: { 200: automationPeoplePageSchema, ...failures },
      },
    },
    async (request) => {
      const { data, nextCursor } = await automations.people(actorOf(request), request.params.id, request.query.cursor);
      return { ok: 1 as const, data, meta: { nextCursor } };
    },
  );
};

/** An automation's steps: added, changed, removed, and each one's test send. */
function registerStepRoutes(app: App, automations: AutomationsService): void {
  app.post(
    '/automations/:id/steps',
    {
      schema: {
        tags,
        summary: 'Add a step at the end: a template sent after a delay, when its condition on the previous step holds',
        security,
        params: idParams,
        body: automationStepBodySchema,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await automations.addStep(actorOf(request), request.params.id, request.body) }),
  );

  app.put(
    '/automations/:id/steps/:stepId',
    {
      schema: {
        tags,
        summary: 'Change a step (template, delay, condition); an active step sends the new template from now on',
        security,
        params: stepParams,
        body: automationStepBodySchema,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await automations.updateStep(actorOf(request), request.params.id, request.params.stepId, request.body),
    }),
  );

  app.delete(
    '/automations/:id/steps/:stepId',
    {
      schema: {
        tags,
        summary: 'Remove a step (the steps after it move up; people waiting for it wait for the next one)',
        security,
        params: stepParams,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await automations.removeStep(actorOf(request), request.params.id, request.params.stepId) }),
  );

  app.post(
    '/automations/:id/steps/:stepId/test',
    {
      schema: {
        tags,
        summary:
          "Send a step's email to my own address as the people in it will get it (counted in the monthly sends; 403 quota.sends when none are left)",
        security,
        params: stepParams,
        response: { 200: okResponse(campaignTestSendSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await automations.sendStepTest(actorOf(request), me(request), request.params.id, request.params.stepId),
    }),
  );
}
