import { okResponse, onboardingChecklistSchema, onboardingStepBodySchema } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor.js';
import { errorResponses, routeDocs } from '../../platform/route-docs.js';
import type { OnboardingService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403] });
const checklist = okResponse(onboardingChecklistSchema);

export const onboardingRoutes: FastifyPluginAsyncZod<{ onboarding: OnboardingService }> = async (app, { onboarding }) => {
  app.get(
    '/onboarding',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['onboarding'],
        summary: 'The guided start’s checklist: whether it is shown, and which of its three steps are done',
        security,
        response: { 200: checklist, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await onboarding.state(actorOf(request)) }),
  );

  app.post(
    '/onboarding/steps',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['onboarding'],
        summary: 'Record a checklist action (a card previewed, or its link or QR code shared); answers the checklist',
        security,
        body: onboardingStepBodySchema,
        response: { 200: checklist, ...failures, ...errorResponses(404, 422) },
      },
    },
    async (request) => ({ ok: 1 as const, data: await onboarding.record(actorOf(request), request.body) }),
  );

  app.post(
    '/onboarding/dismiss',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['onboarding'],
        summary: 'Dismiss the checklist for good (on every browser); answers the checklist',
        security,
        response: { 200: checklist, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await onboarding.dismiss(actorOf(request)) }),
  );
};
