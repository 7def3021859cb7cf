import multipart from '@fastify/multipart';
import { cloudFileSchema, errorResponseSchema, fileListQuerySchema, fileListSchema, okResponse, renameFileBodySchema, storageUsageSchema, uploadFilesResponseSchema } from '@enlaza/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.js';
import { AppError } from '../../lib/errors.js';
import type { PublicProfileService } from '../public-profile/service.js';
import type { CloudService, FileContent } from './service.js';

const failures = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema, 422: errorResponseSchema };
const security = [{ bearer: [] }];
const tags = ['cloud'];
const params = z.object({ id: z.uuid() });
const MAX_FILES_PER_REQUEST = 10;
/** What the multipart parser (busboy) throws for a body that is not well-formed multipart (no or bad boundary, cut off): bad input. */
const MALFORMED_MULTIPART = /^(Multipart: Boundary not found|Unexpected end of multipart data|(Part|Preamble) terminated early|The needle cannot)/;

/** RFC 6266 / 5987: an ASCII fallback name and the exact UTF-8 one. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function sendContent(reply: FastifyReply, { row, stream }: FileContent, headers: Record<string, string>) {
  return reply
    .headers({
      'content-type': row.mimeType,
      'content-length': String(row.sizeBytes),
      'x-content-type-options': 'nosniff',
      // The bytes are shown as they are, never as a page of this site.
      // (a PDF viewer does not run in a sandboxed document; PDFs carry no script the browser runs)
      'content-security-policy': `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'${row.mimeType === 'application/pdf' ? '' : '; sandbox'}`,
      ...headers,
    })
    .send(stream);
}

/** The owner's files (multipart upload, list, rename, trash, restore, usage) and the signed address of their bytes. */
export const cloudRoutes: FastifyPluginAsyncZod<{ cloud: CloudService }> = async (app, { cloud }) => {
  // Uploads have their own limits (the app's JSON bodyLimit is 1 MB); a cut file is reported by the service.
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: cloud.maxFileBytes, files: MAX_FILES_PER_REQUEST, fields: 10, parts: 20, fieldSize: 1024 } });
  const authenticate = app.authenticate('user');

  app.post(
    '/files',
    { onRequest: authenticate, schema: { tags, summary: 'Upload one or several files (multipart/form-data, parts named `file`); the type is checked from the bytes', security, consumes: ['multipart/form-data'], response: { 201: uploadFilesResponseSchema, ...failures } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      if (!request.isMultipart()) throw new AppError('request.unsupported_media_type');
      const uploaded: Awaited<ReturnType<CloudService['upload']>>[] = [];
      // Only files this request created are undone on failure, never one an identical upload answered.
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          uploaded.push(await cloud.upload(user, { filename: part.filename, file: part.file }));
        }
      } catch (error) {
        // Several files in one request are all or nothing.
        await cloud.discard(user, uploaded.filter((u) => u.created).map((u) => u.file.id));
        if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new AppError('file.too_many', { max: MAX_FILES_PER_REQUEST });
        if (!(error instanceof AppError) && MALFORMED_MULTIPART.test((error as Error).message ?? '')) throw new AppError('request.invalid_body');
        throw error;
      }
      if (uploaded.length === 0) throw new AppError('file.missing');
      return reply.status(201).send({ ok: 1 as const, data: uploaded.map((u) => u.file) });
    },
  );

  app.get('/files', { onRequest: authenticate, schema: { tags, summary: 'My files (or my trash): search, kind filter, sorting, pages', security, querystring: fileListQuerySchema, response: { 200: fileListSchema, ...failures } } }, async (request) => ({
    ok: 1 as const,
    ...(await cloud.list(requireAuth(request).user, request.query)),
  }));

  app.get('/files/usage', { onRequest: authenticate, schema: { tags, summary: 'Storage used (live and trashed files) against the plan’s limit', security, response: { 200: okResponse(storageUsageSchema), ...failures } } }, async (request) => ({
    ok: 1 as const,
    data: await cloud.usage(requireAuth(request).user),
  }));

  app.get('/files/:id', { onRequest: authenticate, schema: { tags, summary: 'One of my files, with a signed address of its bytes', security, params, response: { 200: okResponse(cloudFileSchema), ...failures } } }, async (request) => ({
    ok: 1 as const,
    data: await cloud.get(requireAuth(request).user, request.params.id),
  }));

  app.patch('/files/:id', { onRequest: authenticate, schema: { tags, summary: 'Rename a file', security, params, body: renameFileBodySchema, response: { 200: okResponse(cloudFileSchema), ...failures } } }, async (request) => ({
    ok: 1 as const,
    data: await cloud.rename(requireAuth(request).user, request.params.id, request.body.name),
  }));

  app.delete('/files/:id', { onRequest: authenticate, schema: { tags, summary: 'Send a file to the trash (restorable)', security, params, response: { 200: okResponse(cloudFileSchema), ...failures } } }, async (request) => ({
    ok: 1 as const,
    data: await cloud.trash(requireAuth(request).user, request.params.id),
  }));

  app.post('/files/:id/restore', { onRequest: authenticate, schema: { tags, summary: 'Bring a file back from the trash', security, params, response: { 200: okResponse(cloudFileSchema), ...failures } } }, async (request) => ({
    ok: 1 as const,
    data: await cloud.restore(requireAuth(request).user, request.params.id),
  }));

  app.get(
    '/files/:id/content',
    {
      schema: {
        tags,
        summary: 'The bytes of a file at its signed address (from `url`); images and PDF inline, others or `download=1` as attachment',
        params,
        querystring: z.object({ exp: z.coerce.number().int().min(0).max(1e11), sig: z.string().min(1).max(100), download: z.enum(['0', '1']).optional() }),
        response: { 200: z.any(), 403: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const found = await cloud.content(request.params.id, request.query.exp, request.query.sig);
      const inline = request.query.download !== '1' && (found.row.mimeType.startsWith('image/') || found.row.mimeType === 'application/pdf');
      const maxAge = Math.max(0, request.query.exp - Math.floor(Date.now() / 1000));
      return sendContent(reply, found, { 'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', found.row.name), 'cache-control': `private, max-age=${maxAge}` });
    },
  );
};

const linkParams = z.object({ alias: z.string().min(1).max(60), profileId: z.uuid() });

/** The photo and cover of a public profile, served only while the profile is available. */
export const publicImageRoutes: FastifyPluginAsyncZod<{ cloud: CloudService; publicProfiles: PublicProfileService }> = async (app, { cloud, publicProfiles }) => {
  for (const which of ['photo', 'cover'] as const) {
    app.get(
      `/public/link/:alias/:profileId/${which}`,
      { schema: { tags: ['public'], summary: `The profile’s ${which} image, served while the profile is available (cached for an hour; the v parameter changes with the file)`, params: linkParams, querystring: z.object({ v: z.string().max(40).optional() }), response: { 200: z.any(), 404: errorResponseSchema, 422: errorResponseSchema } } },
      async (request, reply) => {
        const image = await publicProfiles.imageFile(request.params.alias, request.params.profileId, which);
        const found = image ? await cloud.publicImage(image.userId, image.fileId) : null;
        if (!found) throw new AppError('record.not_found');
        return sendContent(reply, found, { 'cache-control': 'public, max-age=3600', 'content-disposition': contentDisposition('inline', found.row.name) });
      },
    );
  }
};
