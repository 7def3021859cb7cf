import {
  addOnQuoteRequestSchema,
  addOnQuoteSchema,
  addOnsCatalogueSchema,
  buyAddOnSchema,
  checkoutQuoteRequestSchema,
  checkoutQuoteSchema,
  checkoutResultSchema,
  checkoutSchema,
  downgradeSchema,
  myPlanSchema,
  methodSetupRequestSchema,
  methodSetupSchema,
  okResponse,
  paymentMethodSchema,
  paymentProviderInfoSchema,
  plansCatalogueSchema,
  saveMethodSchema,
} from '@enlaza/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerLocale } from '../../lib/catalogue-names.js';
import { actorOf } from '../../platform/actor.js';
import { sendPrepared } from '../../platform/compression.js';
import { routeDocs } from '../../platform/route-docs.js';
import { registerMyPaymentRoutes } from './my-payment-routes.js';
import type { PaymentsService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [402, 403, 404, 409, 422] });
const tags = ['payments'];
const idParams = z.object({ id: z.uuid() });

/** The app as a route plugin gets it (typed by the contracts' zod schemas). */
type App = Parameters<FastifyPluginAsyncZod>[0];

/** The customer's money screens: methods, plans and checkout, my plan, add-ons, payments. Users only. */
export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  app.addHook('onRequest', app.authenticate('user'));
  registerMethodRoutes(app, payments);
  registerPlanRoutes(app, payments);
  registerAddOnRoutes(app, payments);
  registerMyPaymentRoutes(app, payments);
};

/** Saved cards: list, add, make default, remove. */
function registerMethodRoutes(app: App, payments: PaymentsService): void {
  app.get(
    '/user/methods',
    {
      schema: {
        tags,
        summary: 'My saved cards (brand, last four, expiry), the default first',
        security,
        response: { 200: okResponse(z.array(paymentMethodSchema)), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await payments.listMethods(actorOf(request)),
    }),
  );

  app.get(
    '/user/payment-provider',
    {
      schema: {
        tags,
        summary:
          'The payment provider, whether it is a test one, the method kinds it saves, its publishable key and whether Bizum is offered',
        security,
        response: { 200: okResponse(paymentProviderInfoSchema), ...failures },
      },
    },
    async () => ({
      ok: 1 as const,
      data: {
        name: payments.provider.name,
        testMode: payments.provider.testMode,
        methodKinds: [...payments.provider.methodKinds],
        publishableKey: payments.publishableKey,
        bizum: payments.provider.bizum === true,
      },
    }),
  );

  app.post(
    '/user/methods/setup',
    {
      schema: {
        tags,
        summary:
          "Start saving a method: a setup at the provider, completed by the provider's component in the browser (with the SEPA mandate to accept)",
        security,
        body: methodSetupRequestSchema,
        response: { 200: okResponse(methodSetupSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await payments.startSetup(actorOf(request), request.body.kind) }),
  );

  app.post(
    '/user/methods',
    {
      schema: {
        tags,
        summary:
          "Save the method of a completed setup: the provider's reference, brand, last four and expiry are kept (never a number); a SEPA account keeps its accepted mandate",
        security,
        body: saveMethodSchema,
        response: { 200: okResponse(paymentMethodSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await payments.saveMethod(actorOf(request), request.body, {
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
      }),
    }),
  );

  app.post(
    '/user/methods/:id/default',
    {
      schema: {
        tags,
        summary: 'Make a card the default one',
        security,
        params: idParams,
        response: { 200: okResponse(paymentMethodSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await payments.setDefaultMethod(actorOf(request), request.params.id),
    }),
  );

  app.delete(
    '/user/methods/:id',
    {
      schema: {
        tags,
        summary: 'Remove a card',
        security,
        params: idParams,
        response: { 200: okResponse(z.object({ removed: z.literal(true) })), ...failures },
      },
    },
    async (request) => {
      await payments.removeMethod(actorOf(request), request.params.id);
      return { ok: 1 as const, data: { removed: true as const } };
    },
  );
}

/** Plans: the offer, the checkout (quote and pay), and the current plan's cancel, resume and scheduled downgrade. */
function registerPlanRoutes(app: App, payments: PaymentsService): void {
  app.get(
    '/user/plans',
    {
      schema: {
        tags,
        summary: 'The offers my account type may buy, grouped by plan, with tax and quotas',
        security,
        response: { 200: okResponse(plansCatalogueSchema), ...failures },
      },
    },
    async (request, reply) => {
      // Bytes validated against this schema when they were made (kept per state: see plans-answers.ts).
      const answer = await payments.plansAnswer(actorOf(request), viewerLocale(request));
      reply.header('server-timing', `answer;desc=${answer.hit ? 'hit' : 'miss'}`);
      return sendPrepared(request, reply, answer.body);
    },
  );

  app.post(
    '/user/checkout/quote',
    {
      schema: {
        tags,
        summary:
          "What buying an offer now costs: lines (with a promotion code's discount and the credit of an upgrade) and totals with tax; a code that cannot be used is a 422 on `promotionCode`",
        security,
        body: checkoutQuoteRequestSchema,
        response: { 200: okResponse(checkoutQuoteSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await payments.quoteCheckout(
        actorOf(request),
        request.body.offerId,
        viewerLocale(request),
        request.body.promotionCode || undefined,
      ),
    }),
  );

  app.post(
    '/user/checkout',
    {
      schema: {
        tags,
        summary:
          'Pay for an offer now (from Free, or an upgrade with proration); active at once. The same idempotency key again answers the first result; with another amount it is refused (422)',
        security,
        body: checkoutSchema,
        response: { 200: okResponse(checkoutResultSchema), 202: okResponse(checkoutResultSchema), ...failures },
      },
    },
    async (request, reply) => charged(reply, await payments.checkout(actorOf(request), request.body, viewerLocale(request))),
  );

  app.get(
    '/user/myplan',
    {
      schema: {
        tags,
        summary: 'My subscription: status, period, renewal, usage, add-ons and the pending change',
        security,
        response: { 200: okResponse(myPlanSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await payments.myPlan(actorOf(request), viewerLocale(request)),
    }),
  );

  app.post(
    '/user/myplan/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel my paid plan at the end of the period',
        security,
        response: { 200: okResponse(myPlanSchema), ...failures },
      },
    },
    async (request) => {
      await payments.cancelAtPeriodEnd(actorOf(request), true);
      return { ok: 1 as const, data: await payments.myPlan(actorOf(request), viewerLocale(request)) };
    },
  );

  app.post(
    '/user/myplan/resume',
    {
      schema: {
        tags,
        summary: 'Keep my paid plan renewing (undo a cancellation)',
        security,
        response: { 200: okResponse(myPlanSchema), ...failures },
      },
    },
    async (request) => {
      await payments.cancelAtPeriodEnd(actorOf(request), false);
      return { ok: 1 as const, data: await payments.myPlan(actorOf(request), viewerLocale(request)) };
    },
  );

  app.put(
    '/user/myplan/downgrade',
    {
      schema: {
        tags,
        summary: 'Schedule a smaller offer for the end of the period',
        security,
        body: downgradeSchema,
        response: { 200: okResponse(myPlanSchema), ...failures },
      },
    },
    async (request) => {
      await payments.scheduleDowngrade(actorOf(request), request.body.offerId);
      return { ok: 1 as const, data: await payments.myPlan(actorOf(request), viewerLocale(request)) };
    },
  );

  app.delete(
    '/user/myplan/downgrade',
    { schema: { tags, summary: 'Cancel the scheduled downgrade', security, response: { 200: okResponse(myPlanSchema), ...failures } } },
    async (request) => {
      await payments.cancelDowngrade(actorOf(request));
      return { ok: 1 as const, data: await payments.myPlan(actorOf(request), viewerLocale(request)) };
    },
  );
}

/** Add-on packages. */
function registerAddOnRoutes(app: App, payments: PaymentsService): void {
  app.get(
    '/user/paquetes',
    {
      schema: {
        tags,
        summary: 'Add-ons on sale, the ones valid now, and until when a new one lasts',
        security,
        response: { 200: okResponse(addOnsCatalogueSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await payments.addOns(actorOf(request), viewerLocale(request)),
    }),
  );

  app.post(
    '/user/paquetes/quote',
    {
      schema: {
        tags,
        summary: "What buying an add-on now costs, with a promotion code's discount line and the tax on what is left",
        security,
        body: addOnQuoteRequestSchema,
        response: { 200: okResponse(addOnQuoteSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await payments.quoteAddOn(
        actorOf(request),
        { addOnId: request.body.addOnId, promotionCode: request.body.promotionCode || undefined },
        viewerLocale(request),
      ),
    }),
  );

  app.post(
    '/user/paquetes',
    {
      schema: {
        tags,
        summary: 'Buy an add-on valid until the end of the current period',
        security,
        body: buyAddOnSchema,
        response: { 200: okResponse(checkoutResultSchema), 202: okResponse(checkoutResultSchema), ...failures },
      },
    },
    async (request, reply) => charged(reply, await payments.buyAddOn(actorOf(request), request.body, viewerLocale(request))),
  );
}

/** A charge's answer: 200 when done (or settling), 202 while the payment waits for the customer's authentication (`nextAction`). */
function charged<T extends { nextAction?: unknown }>(reply: FastifyReply, data: T) {
  if (data.nextAction) reply.code(202);
  return { ok: 1 as const, data };
}
