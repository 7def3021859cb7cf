import {
  audienceCountSchema,
  audienceSelectorSchema,
  bounceReportResultSchema,
  bounceReportSchema,
  campaignBodySchema,
  campaignIdParamsSchema,
  campaignListQuerySchema,
  campaignListSchema,
  campaignSchema,
  campaignStartBodySchema,
  campaignSenderBodySchema,
  campaignSenderSchema,
  campaignReviewSchema,
  campaignTemplateOptionSchema,
  campaignTestSendSchema,
  okResponse,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.js';
import { sameSecret } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { actorOf } from '../../platform/actor.js';
import { errorResponses, routeDocs } from '../../platform/route-docs.js';
import type { CampaignsService } from './service.js';
import { isAutomatedRequest } from './automated-requests.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 409, 422] });
const tags = ['campaigns'];
const campaignAnswer = okResponse(campaignSchema);

/** The signed-in account's address and name: a test goes to it, the review shows it as the recipient. */
function me(request: Parameters<typeof actorOf>[0]) {
  const { user } = requireAuth(request);
  return { email: user.email, name: user.name };
}

/** The app as a route plugin gets it (typed by the contracts' zod schemas). */
type App = Parameters<FastifyPluginAsyncZod>[0];

/** The owner's campaigns (campañas). Another user's campaign is 404; an admin is 403. */
export const campaignRoutes: FastifyPluginAsyncZod<{ campaigns: CampaignsService }> = async (app, { campaigns }) => {
  app.addHook('onRequest', app.authenticate('user'));
  registerSetupRoutes(app, campaigns);
  registerCampaignRoutes(app, campaigns);
  registerSendingRoutes(app, campaigns);
};

/** The list, a new draft, and what a campaign is made of: templates, the sender, the audience's size. */
function registerSetupRoutes(app: App, campaigns: CampaignsService): void {
  app.get(
    '/campaigns',
    {
      schema: {
        tags,
        summary: 'My campaigns, newest first, with their figures',
        security,
        querystring: campaignListQuerySchema,
        response: { 200: campaignListSchema, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await campaigns.list(actorOf(request), request.query.state),
    }),
  );

  app.post(
    '/campaigns',
    {
      schema: {
        tags,
        summary: 'Create a draft campaign',
        security,
        body: campaignBodySchema,
        response: { 201: campaignAnswer, ...failures },
      },
    },
    async (request, reply) => reply.status(201).send({ ok: 1 as const, data: await campaigns.create(actorOf(request), request.body) }),
  );

  app.get(
    '/campaigns/templates',
    {
      schema: {
        tags,
        summary: 'Templates a campaign can use',
        security,
        response: { 200: okResponse(z.array(campaignTemplateOptionSchema)), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await campaigns.templates(actorOf(request)),
    }),
  );

  app.get(
    '/campaigns/sender',
    {
      schema: {
        tags,
        summary: 'Who my campaigns come from (name, postal address, From and Reply-To); suggestions until saved',
        security,
        response: { 200: okResponse(campaignSenderSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await campaigns.sender(actorOf(request)) }),
  );

  app.put(
    '/campaigns/sender',
    {
      schema: {
        tags,
        summary: 'Save who my campaigns come from (required before a first campaign)',
        security,
        body: campaignSenderBodySchema,
        response: { 200: okResponse(campaignSenderSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await campaigns.saveSender(actorOf(request), request.body) }),
  );

  app.post(
    '/campaigns/audience-count',
    {
      schema: {
        tags,
        summary: 'How many people an audience reaches now (suppressed addresses left out); an id that is not yours answers 404',
        security,
        body: audienceSelectorSchema,
        response: { 200: okResponse(audienceCountSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: { recipients: await campaigns.countAudience(actorOf(request), request.body) },
    }),
  );
}

/** One campaign: read, edit, move to the trash. */
function registerCampaignRoutes(app: App, campaigns: CampaignsService): void {
  app.get(
    '/campaigns/:id',
    {
      schema: {
        tags,
        summary: 'One campaign with its figures (poll it for the progress)',
        security,
        params: campaignIdParamsSchema,
        response: { 200: campaignAnswer, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await campaigns.get(actorOf(request), request.params.id),
    }),
  );

  app.put(
    '/campaigns/:id',
    {
      schema: {
        tags,
        summary: 'Edit a draft (a scheduled campaign goes back to draft)',
        security,
        params: campaignIdParamsSchema,
        body: campaignBodySchema,
        response: { 200: campaignAnswer, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await campaigns.update(actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/campaigns/:id',
    {
      schema: {
        tags,
        summary: 'Move a campaign to the trash (not while it is sending or paused)',
        security,
        params: campaignIdParamsSchema,
        response: { 200: okResponse(z.object({ id: z.string() })), ...failures },
      },
    },
    async (request) => {
      await campaigns.remove(actorOf(request), request.params.id);
      return { ok: 1 as const, data: { id: request.params.id } };
    },
  );
}

/** Sending: the review, a test to oneself, start (now or at a time), pause, resume, cancel. */
function registerSendingRoutes(app: App, campaigns: CampaignsService): void {
  app.get(
    '/campaigns/:id/review',
    {
      schema: {
        tags,
        summary:
          'The review before sending: the email as the audience will get it (rendered for me as the sample recipient), its subject, sender and recipient count',
        security,
        params: campaignIdParamsSchema,
        response: { 200: okResponse(campaignReviewSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await campaigns.review(actorOf(request), me(request), request.params.id) }),
  );

  app.post(
    '/campaigns/:id/test',
    {
      schema: {
        tags,
        summary:
          'Send the campaign as its audience will get it to my own address (a test delivery from its sender, counted in the monthly sends; 403 quota.sends when none are left)',
        security,
        params: campaignIdParamsSchema,
        response: { 200: okResponse(campaignTestSendSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await campaigns.sendTest(actorOf(request), me(request), request.params.id) }),
  );

  app.post(
    '/campaigns/:id/start',
    {
      schema: {
        tags,
        summary: 'Send now, or schedule for `at`; refused past the monthly sends left (403 now, 422 when scheduling)',
        security,
        params: campaignIdParamsSchema,
        body: campaignStartBodySchema,
        response: { 200: campaignAnswer, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await campaigns.start(actorOf(request), request.params.id, request.body.at) }),
  );

  for (const action of ['pause', 'resume', 'cancel'] as const) {
    const summary = {
      pause: 'Pause a sending campaign (emails in flight finish)',
      resume: 'Resume a paused campaign where it stopped',
      cancel: 'Cancel: a scheduled campaign goes back to draft, a sending one stops for good',
    }[action];
    app.post(
      `/campaigns/:id/${action}`,
      { schema: { tags, summary, security, params: campaignIdParamsSchema, response: { 200: campaignAnswer, ...failures } } },
      async (request) => ({
        ok: 1 as const,
        data: await campaigns[action](actorOf(request), request.params.id),
      }),
    );
  }
}

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Links inside campaign emails (anonymous, signed) and the mail provider's bounce webhook (shared secret). */
export const campaignPublicRoutes: FastifyPluginAsyncZod<{ campaigns: CampaignsService; bounceWebhookSecret: string | undefined }> = async (
  app,
  { campaigns, bounceWebhookSecret },
) => {
  const token = z.object({ token: z.string().min(1).max(200) });

  app.get(
    '/campaigns/t/o/:token',
    {
      schema: {
        hide: true,
        tags: ['public'],
        summary: 'Open pixel of a campaign email (counted once per recipient, plus a total; HEAD and automated agents are not counted)',
        params: token,
        response: { 200: z.any(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const counted = !isAutomatedRequest(request.method, request.headers['user-agent']);
      if (!(await campaigns.recordOpen(request.params.token, { counted }))) throw new AppError('request.not_found');
      // Loaded by mail clients' pages on other origins (the app's own answers are same-origin only).
      return reply
        .header('content-type', 'image/gif')
        .header('cache-control', 'no-store')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(PIXEL);
    },
  );

  app.get(
    '/campaigns/t/c/:token',
    {
      schema: {
        hide: true,
        tags: ['public'],
        summary:
          'Click redirect of a campaign email (HEAD and automated agents such as link scanners are not counted); a link whose signature does not match its destination is 404',
        params: token,
        querystring: z.object({ u: z.string().max(4000) }),
        response: { 302: z.any(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const counted = !isAutomatedRequest(request.method, request.headers['user-agent']);
      const url = await campaigns.recordClick(request.params.token, request.query.u, { counted });
      if (!url) throw new AppError('request.not_found');
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  app.post(
    '/campaigns/webhooks/bounces',
    {
      schema: {
        tags: ['public'],
        summary:
          'A mail provider reports bounces and complaints (Authorization: Bearer BOUNCE_WEBHOOK_SECRET; off while the setting is empty)',
        body: bounceReportSchema,
        response: { 200: okResponse(bounceReportResultSchema), ...errorResponses(401, 404, 422) },
      },
      // The secret is checked before the body is read.
      onRequest: async (request) => {
        if (!bounceWebhookSecret) throw new AppError('request.not_found');
        const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!given || !sameSecret(given, bounceWebhookSecret)) throw new AppError('webhook.secret_invalid');
      },
    },
    async (request) => ({ ok: 1 as const, data: await campaigns.reportBounces(request.body) }),
  );
};
