import {
  okResponse,
  wallPostInputSchema,
  wallPostListQuerySchema,
  wallPostListSchema,
  wallPostPinBodySchema,
  wallPostPublishBodySchema,
  wallPostSchema,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { actorOf } from '../../platform/actor.js';
import { errorResponses, routeDocs } from '../../platform/route-docs.js';
import { createImageVariants, IMAGE_SIZES, imageVariantQuery, sendImageVariant } from '../public-profile/index.js';
import type { WallsService } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 422] });
const tags = ['walls'];
const params = z.object({ id: z.uuid() });
const one = okResponse(wallPostSchema);

/** Muros: the owner's posts of a profile. Another user's post or profile is 404. */
export const wallRoutes: FastifyPluginAsyncZod<{ walls: WallsService }> = async (app, { walls }) => {
  app.addHook('onRequest', app.authenticate('user'));

  app.get(
    '/walls/posts',
    {
      schema: {
        tags,
        summary: 'Posts of one of my profiles: pinned first, then newest, in keyset pages (pass meta.nextCursor as before)',
        security,
        querystring: wallPostListQuerySchema,
        response: { 200: wallPostListSchema, ...failures },
      },
    },
    async (request) => {
      const { data, nextCursor } = await walls.list(actorOf(request), request.query);
      return { ok: 1 as const, data, meta: { nextCursor } };
    },
  );

  app.post(
    '/walls/posts',
    {
      schema: {
        tags,
        summary: 'Write a post (a draft) on one of my profiles; the body is sanitised with the rich-text allow-list',
        security,
        body: wallPostInputSchema,
        response: { 201: one, ...failures },
      },
    },
    async (request, reply) => reply.code(201).send({ ok: 1 as const, data: await walls.create(actorOf(request), request.body) }),
  );

  app.get(
    '/walls/posts/:id',
    { schema: { tags, summary: 'One of my posts', security, params, response: { 200: one, ...failures } } },
    async (request) => ({
      ok: 1 as const,
      data: await walls.get(actorOf(request), request.params.id),
    }),
  );

  app.put(
    '/walls/posts/:id',
    {
      schema: {
        tags,
        summary: 'Replace a post’s title, body, image, link and pin',
        security,
        params,
        body: wallPostInputSchema,
        response: { 200: one, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await walls.update(actorOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/walls/posts/:id/pin',
    {
      schema: {
        tags,
        summary: 'Pin or unpin a post (pinned posts come first)',
        security,
        params,
        body: wallPostPinBodySchema,
        response: { 200: one, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await walls.pin(actorOf(request), request.params.id, request.body.pinned) }),
  );

  app.post(
    '/walls/posts/:id/publish',
    {
      schema: {
        tags,
        summary: 'Publish now, schedule for an instant (ISO 8601 with offset; a job publishes it then), or unpublish (back to draft)',
        security,
        params,
        body: wallPostPublishBodySchema,
        response: { 200: one, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await walls.publish(actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/walls/posts/:id',
    {
      schema: {
        tags,
        summary: 'Move a post to the trash (restore it from the trash)',
        security,
        params,
        response: { 200: one, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await walls.trash(actorOf(request), request.params.id),
    }),
  );
};

type PublicImageOptions = {
  walls: WallsService;
  /** The profile when it is available at this address and its wall is on; null otherwise. */
  visibleWall: (alias: string, profileId: string) => Promise<{ profileId: string } | null>;
  image: (userId: string, fileId: string) => Promise<{ row: { mimeType: string; sizeBytes: number }; stream: Readable } | null>;
  /** The bytes of a live image up to `maxBytes` (the resized copies are made from them). */
  imageBytes: (userId: string, fileId: string, maxBytes: number) => Promise<{ data: Buffer } | null>;
};

/** A published post's image on the public page, served while the profile and its wall are visible. */
export const publicWallImageRoutes: FastifyPluginAsyncZod<PublicImageOptions> = async (app, { walls, visibleWall, image, imageBytes }) => {
  const variants = createImageVariants();
  app.get(
    '/public/link/:alias/:profileId/posts/:postId/image',
    {
      schema: {
        tags: ['public'],
        summary: `The image of a published wall post, while the profile and its wall are visible; w and f ask for a copy resized to at most ${IMAGE_SIZES.post.join(' or ')} px wide (never enlarged) as AVIF, WebP, JPEG or PNG. The v parameter changes with the file, so the answer is cached for a day.`,
        security: [],
        params: z.object({ alias: z.string().min(1).max(60), profileId: z.uuid(), postId: z.uuid() }),
        querystring: imageVariantQuery,
        response: { 200: z.any(), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const { alias, profileId, postId } = request.params;
      const wall = await visibleWall(alias, profileId);
      const target = wall ? await walls.publicImage(profileId, postId) : null;
      const { w, f } = request.query;
      if (target && w !== undefined && f) {
        return sendImageVariant(reply, variants, { fileId: target.fileId, which: 'post', w, f, v: request.query.v }, (maxBytes) =>
          imageBytes(target.userId, target.fileId, maxBytes),
        );
      }
      const found = target ? await image(target.userId, target.fileId) : null;
      if (!found) throw new AppError('record.not_found');
      return reply
        .headers({
          'content-type': found.row.mimeType,
          'content-length': String(found.row.sizeBytes),
          'x-content-type-options': 'nosniff',
          'content-security-policy': "sandbox; default-src 'none'",
          'cache-control': request.query.v ? 'public, max-age=86400' : 'public, max-age=3600',
        })
        .send(found.stream);
    },
  );
};
