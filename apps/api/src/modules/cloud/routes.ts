import multipart from '@fastify/multipart';
import {
  cloudFileSchema,
  fileListQuerySchema,
  fileListSchema,
  fileUsesQuerySchema,
  fileUsesResponseSchema,
  okResponse,
  renameFileBodySchema,
  storageUsageSchema,
  trashFileQuerySchema,
  trashFilesBodySchema,
  trashFilesResponseSchema,
  uploadFilesResponseSchema,
} from '@enlaza/contracts';
import { actorOf } from '../../platform/actor.js';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { errorResponses, routeDocs } from '../../platform/route-docs.js';
import { createImageVariants, IMAGE_SIZES, imageVariantQuery, sendImageVariant } from '../public-profile/index.js';
import type { PublicProfileService } from '../public-profile/index.js';
import { nameForType } from './file-type.js';
import type { CloudService, FileContent } from './service.js';

const { security, failures } = routeDocs({ auth: 'bearer', answers: [403, 404, 413, 415, 422] });
const tags = ['cloud'];
const params = z.object({ id: z.uuid() });
const MAX_FILES_PER_REQUEST = 10;

/** RFC 6266 / 5987: an ASCII fallback name and the exact UTF-8 one. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Shown in the browser as they are: the plain images. Anything else (PDF, office documents) is downloaded. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/**
 * The bytes of a user's file. Whatever they hold, nothing in them runs as this site: the response is
 * a sandboxed document (unique origin, no scripts, no plugins) that may load nothing, and only plain
 * images are shown inline — a PDF opened inline runs in the browser's PDF viewer, which runs the
 * PDF's own JavaScript, so PDFs and documents are always attachments.
 */
function sendContent(reply: FastifyReply, { row, stream }: FileContent, headers: Record<string, string>, download = false) {
  const inline = !download && INLINE_TYPES.has(row.mimeType);
  return reply
    .headers({
      'content-type': row.mimeType,
      'content-length': String(row.sizeBytes),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', nameForType(row.name, row.mimeType)),
      ...headers,
    })
    .send(stream);
}

/** The app as a route plugin gets it (typed by the contracts' zod schemas). */
type App = Parameters<FastifyPluginAsyncZod>[0];
type Authenticate = ReturnType<App['authenticate']>;

/** The owner's files (multipart upload, list, rename, trash, restore, usage) and the signed address of their bytes. */
export const cloudRoutes: FastifyPluginAsyncZod<{ cloud: CloudService }> = async (app, { cloud }) => {
  // Uploads have their own limits (the app's JSON bodyLimit is 1 MB); a cut file is reported by the service.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: cloud.maxFileBytes, files: MAX_FILES_PER_REQUEST, fields: 10, parts: 20, fieldSize: 1024 },
  });
  const authenticate = app.authenticate('user');
  registerUploadRoutes(app, cloud, authenticate);
  registerUseRoutes(app, cloud, authenticate);
  registerFileRoutes(app, cloud, authenticate);
};

/** Upload, the list of files and the storage they use. */
function registerUploadRoutes(app: App, cloud: CloudService, authenticate: Authenticate): void {
  app.post(
    '/files',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Upload one or several files (multipart/form-data, parts named `file`); the type is checked from the bytes',
        security,
        consumes: ['multipart/form-data'],
        response: { 201: uploadFilesResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (!request.isMultipart()) throw new AppError('request.unsupported_media_type');
      const uploaded: Awaited<ReturnType<CloudService['upload']>>[] = [];
      // Only files this request created are undone on failure, never one an identical upload answered.
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          uploaded.push(await cloud.upload(actor, { filename: part.filename, file: part.file }));
        }
      } catch (error) {
        // Several files in one request are all or nothing.
        await cloud.discard(
          actor,
          uploaded.filter((u) => u.created).map((u) => u.file.id),
        );
        if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new AppError('file.too_many', { max: MAX_FILES_PER_REQUEST });
        // A body that is not well-formed multipart is answered by the error handler, as on every multipart route.
        throw error;
      }
      if (uploaded.length === 0) throw new AppError('file.missing');
      return reply.status(201).send({ ok: 1 as const, data: uploaded.map((u) => ({ ...u.file, alreadyKept: !u.created })) });
    },
  );

  app.get(
    '/files',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'My files (or my trash): search, kind filter, sorting, pages',
        security,
        querystring: fileListQuerySchema,
        response: { 200: fileListSchema, ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      ...(await cloud.list(actorOf(request), request.query)),
    }),
  );

  app.get(
    '/files/usage',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Storage used (live and trashed files) against the plan’s limit',
        security,
        response: { 200: okResponse(storageUsageSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await cloud.usage(actorOf(request)),
    }),
  );
}

/** Where files are used, and moving several to the trash (refused while in use unless confirmed). */
function registerUseRoutes(app: App, cloud: CloudService, authenticate: Authenticate): void {
  app.get(
    '/files/uses',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Where several of my files are used (`ids`: up to 100, comma-separated): the cards, tags, wall posts, email templates and campaigns using each, with their name and page. One id that is not mine: 404',
        security,
        querystring: fileUsesQuerySchema,
        response: { 200: fileUsesResponseSchema, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await cloud.uses(actorOf(request), request.query.ids) }),
  );

  app.get(
    '/files/:id/uses',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Where one of my files is used: the cards, tags, wall posts, email templates and campaigns using it, with their name and page',
        security,
        params,
        response: { 200: fileUsesResponseSchema, ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await cloud.uses(actorOf(request), [request.params.id]) }),
  );

  app.post(
    '/files/trash',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Send several files to the trash, all or nothing (one that is not mine: 404). When one is in use, nothing moves and the answer is 409 file.in_use, unless `confirm` is true',
        security,
        body: trashFilesBodySchema,
        response: { 200: trashFilesResponseSchema, ...failures, ...errorResponses(409) },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await cloud.trashMany(actorOf(request), request.body.ids, request.body.confirm),
    }),
  );
}

/** One file: read, its address for emails, rename, trash, restore, and its bytes. */
function registerFileRoutes(app: App, cloud: CloudService, authenticate: Authenticate): void {
  app.get(
    '/files/:id',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'One of my files, with a signed address of its bytes',
        security,
        params,
        response: { 200: okResponse(cloudFileSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await cloud.get(actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/files/:id/email-address',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'The public address of one of my images for an email template: it never expires and shows only that image while it is not in the trash (422 file.not_an_image for another type)',
        security,
        params,
        response: { 200: okResponse(z.object({ url: z.string() })), ...failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await cloud.emailImageAddress(actorOf(request), request.params.id) }),
  );

  app.patch(
    '/files/:id',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Rename a file',
        security,
        params,
        body: renameFileBodySchema,
        response: { 200: okResponse(cloudFileSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await cloud.rename(actorOf(request), request.params.id, request.body.name),
    }),
  );

  app.delete(
    '/files/:id',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Send a file to the trash (restorable). A file in use (GET /api/files/{id}/uses) answers 409 file.in_use and stays, unless `confirm=true`',
        security,
        params,
        querystring: trashFileQuerySchema,
        response: { 200: okResponse(cloudFileSchema), ...failures, ...errorResponses(409) },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await cloud.trash(actorOf(request), request.params.id, request.query.confirm),
    }),
  );

  app.post(
    '/files/:id/restore',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Bring a file back from the trash',
        security,
        params,
        response: { 200: okResponse(cloudFileSchema), ...failures },
      },
    },
    async (request) => ({
      ok: 1 as const,
      data: await cloud.restore(actorOf(request), request.params.id),
    }),
  );

  app.get(
    '/files/:id/content',
    {
      schema: {
        tags,
        summary:
          'The bytes of a file at its signed address (from `url`), sandboxed; plain images inline, PDFs, documents or `download=1` as attachment. Expired: 403; trashed: 404',
        params,
        querystring: z.object({
          exp: z.coerce.number().int().min(0).max(1e11),
          sig: z.string().min(1).max(100),
          download: z.enum(['0', '1']).optional(),
          trash: z.enum(['1']).optional(),
        }),
        response: { 200: z.any(), ...errorResponses(403, 404, 422) },
      },
    },
    async (request, reply) => {
      const found = await cloud.content(request.params.id, request.query.exp, request.query.sig, request.query.trash === '1');
      const maxAge = Math.max(0, request.query.exp - Math.floor(Date.now() / 1000));
      return sendContent(reply, found, { 'cache-control': `private, max-age=${maxAge}` }, request.query.download === '1');
    },
  );
}

const linkParams = z.object({ alias: z.string().min(1).max(60), profileId: z.uuid() });

/** The photo and cover of a public profile, served only while the profile is available. */
export const publicImageRoutes: FastifyPluginAsyncZod<{ cloud: CloudService; publicProfiles: PublicProfileService }> = async (
  app,
  { cloud, publicProfiles },
) => {
  const variants = createImageVariants();
  app.get(
    '/public/images/:token',
    {
      schema: {
        tags: ['public'],
        summary:
          'An image of an email template at its public address (from POST /api/files/{id}/email-address): served while the file is not in the trash, cached for a day; a forged address is 404',
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: z.any(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const found = await cloud.emailImage(request.params.token);
      if (!found) throw new AppError('record.not_found');
      // Shown by mail clients and web pages on other origins (the app's own answers are same-origin only).
      return sendContent(reply, found, { 'cache-control': 'public, max-age=86400', 'cross-origin-resource-policy': 'cross-origin' });
    },
  );
  for (const which of ['photo', 'cover', 'logo'] as const) {
    app.get(
      `/public/link/:alias/:profileId/${which}`,
      {
        schema: {
          tags: ['public'],
          summary: `The profile’s ${which} image, served while the profile is available; w and f ask for a resized copy in the page's sizes (${IMAGE_SIZES[which].join(', ')} px wide) as AVIF, WebP, JPEG or PNG. The v parameter changes with the file, so the answer is cached for a day.`,
          params: linkParams,
          querystring: imageVariantQuery,
          response: { 200: z.any(), ...errorResponses(404, 422) },
        },
      },
      async (request, reply) => {
        // Also shown by mail clients (the card's email signature) and pages on other origins: the app's
        // own answers are same-origin only.
        reply.header('cross-origin-resource-policy', 'cross-origin');
        const image = await publicProfiles.imageFile(request.params.alias, request.params.profileId, which);
        const { w, f } = request.query;
        if (image && w !== undefined && f) {
          return sendImageVariant(reply, variants, { fileId: image.fileId, which, w, f, v: request.query.v }, (maxBytes) =>
            cloud.imageBytes(image.userId, image.fileId, maxBytes),
          );
        }
        const found = image ? await cloud.publicImage(image.userId, image.fileId) : null;
        if (!found) throw new AppError('record.not_found');
        return sendContent(reply, found, { 'cache-control': 'public, max-age=3600' });
      },
    );
  }
};
