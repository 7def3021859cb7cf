import {
  couponAdminSchema,
  couponBodySchema,
  couponDetailSchema,
  okResponse,
  promotionCodeAdminSchema,
  promotionCodeBodySchema,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDocs } from '../../platform/route-docs.js';
import type { CouponsService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 409, 422] });
const tags = ['admin'];
const params = z.object({ id: z.uuid() });

/** `/api/admin/coupons`: coupons and their promotion codes, with their redemptions. Admin only. */
export const couponRoutes: FastifyPluginAsyncZod<{ coupons: CouponsService }> = async (app, { coupons }) => {
  app.addHook('onRequest', app.authenticate('admin'));

  app.get(
    '/admin/coupons',
    {
      schema: {
        tags,
        summary: 'Coupons, newest first, with how many times each was redeemed and how many codes it has',
        security,
        response: { 200: okResponse(z.array(couponAdminSchema)), ...failures },
      },
    },
    async () => ({ ok: 1 as const, data: await coupons.list() }),
  );

  app.post(
    '/admin/coupons',
    {
      schema: {
        tags,
        summary: 'Create a coupon: a percentage or an amount off, once, for N months or forever, on some offers and add-ons or all',
        security,
        body: couponBodySchema,
        response: { 201: okResponse(couponAdminSchema), ...failures },
      },
    },
    async (request, reply) => reply.status(201).send({ ok: 1 as const, data: await coupons.create(request.body) }),
  );

  app.get(
    '/admin/coupons/:id',
    {
      schema: {
        tags,
        summary: 'A coupon, its promotion codes and its redemptions (customer, payment, invoice)',
        security,
        params,
        response: { 200: okResponse(couponDetailSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await coupons.detail(request.params.id) }),
  );

  app.post(
    '/admin/coupons/:id/archive',
    {
      schema: {
        tags,
        summary: 'Archive a coupon: no new redemptions of it or its codes; running discounts go on',
        security,
        params,
        response: { 200: okResponse(couponAdminSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await coupons.archive(request.params.id) }),
  );

  app.post(
    '/admin/coupons/:id/promotion-codes',
    {
      schema: {
        tags,
        summary: 'Add a promotion code (unique, compared without case) to a coupon, with its own expiry and limits',
        security,
        params,
        body: promotionCodeBodySchema,
        response: { 201: okResponse(promotionCodeAdminSchema), ...failures },
      },
    },
    async (request, reply) => reply.status(201).send({ ok: 1 as const, data: await coupons.createCode(request.params.id, request.body) }),
  );

  app.post(
    '/admin/promotion-codes/:id/archive',
    {
      schema: {
        tags,
        summary: 'Archive a promotion code: customers can no longer redeem it',
        security,
        params,
        response: { 200: okResponse(promotionCodeAdminSchema), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await coupons.archiveCode(request.params.id) }),
  );
};
