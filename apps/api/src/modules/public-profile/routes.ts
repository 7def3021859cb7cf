import {
  csrfTokenSchema,
  emailSignatureSchema,
  errorResponseSchema,
  localeSchema,
  linkClickBodySchema,
  okResponse,
  profileStatsSchema,
  publicProfileSchema,
  type PublicProfile,
} from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor.js';
import { AppError } from '../../lib/errors.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import { localeFromHeader } from '../../lib/i18n.js';
import { profileCacheTiming, type PublicProfileService } from './service.js';
import { PREVIEW_TTL_SECONDS, previewToken } from './page-routes.js';
import { buildVCard, type VCardPhoto } from './vcard.js';
import { emailSignature } from './signature.js';

const linkParams = z.object({ alias: z.string().min(1).max(60), profileId: z.uuid() });
const failures = { 404: errorResponseSchema, 422: errorResponseSchema, 429: errorResponseSchema };

/** Reads a live image of a user from the cloud, when it is at most `maxBytes`. */
export type ImageReader = {
  imageBytes(userId: string, fileId: string, maxBytes: number): Promise<{ mimeType: string; data: Buffer } | null>;
};

/** Photos up to this size are embedded in the vCard; larger ones are linked. */
const VCARD_PHOTO_MAX_BYTES = 1024 * 1024;

type App = Parameters<FastifyPluginAsyncZod>[0];
type Options = { service: PublicProfileService; publicUrl: string; images?: ImageReader; secret: string; requireAccess: RequireAccess };

export const publicProfileRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  registerVisitorRoutes(app, options);
  registerOwnerRoutes(app, options);
};

/** What the public page calls, with no account: the profile (its visitor counted once a day), a CSRF token, a link's click, the vCard. */
function registerVisitorRoutes(app: App, { service, publicUrl, images }: Options): void {
  async function vcardPhoto(alias: string, profile: PublicProfile): Promise<VCardPhoto> {
    const file = profile.photoUrl && images ? await service.imageFile(alias, profile.id, 'photo') : null;
    if (!file || !images || !profile.photoUrl) return null;
    return (await images.imageBytes(file.userId, file.fileId, VCARD_PHOTO_MAX_BYTES)) ?? { url: `${publicUrl}${profile.photoUrl}` };
  }

  const tags = ['public'];
  app.get(
    '/public/link/:alias/:profileId',
    {
      schema: {
        tags,
        summary: 'A card or tag as visitors see it (counts its visitor, once a day)',
        params: linkParams,
        response: { 200: okResponse(publicProfileSchema), ...failures },
      },
    },
    async (request, reply) => {
      // Cached already serialised (and checked against this schema when cached): a JSON string is sent as it is.
      const found = await service.viewJson(request.params.alias, request.params.profileId, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      // Server-Timing says whether the cache answered (browsers' dev tools and the benchmark read it).
      // The cast only tells the type provider what the string holds; Fastify sends a JSON string without serialising it again.
      return reply
        .type('application/json; charset=utf-8')
        .header('server-timing', profileCacheTiming(found))
        .send(found.json as unknown as { ok: 1; data: PublicProfile });
    },
  );

  app.get(
    '/public/csrf-token',
    {
      schema: {
        tags,
        summary:
          'A CSRF token for the public page’s calls, for browsers that send no Sec-Fetch-Site (the others need none there); sets its nonce cookie',
        response: { 200: okResponse(csrfTokenSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { ok: 1 as const, data: { token: app.issueCsrfToken(request, reply) } };
    },
  );

  app.post(
    '/public/link/:alias/:profileId/click',
    {
      config: { csrf: 'same-origin' },
      schema: {
        tags,
        summary: 'Count a click on one of the profile’s links',
        params: linkParams,
        body: linkClickBodySchema,
        response: { 200: okResponse(z.object({})), ...failures },
      },
    },
    async (request) => {
      await service.click(request.params.alias, request.params.profileId);
      return { ok: 1 as const, data: {} };
    },
  );

  app.get(
    '/public/link/:alias/:profileId/vcard',
    {
      schema: {
        tags,
        summary: 'Save the contact: a vCard 3.0 file (text/vcard)',
        params: linkParams,
        response: { 200: z.string(), ...failures },
      },
    },
    async (request, reply) => {
      const found = await service.peek(request.params.alias, request.params.profileId);
      if (!found) throw new AppError('profile.not_available');
      const { profile } = found;
      service.countSave(profile.id);
      const file = `${profile.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'contact'}.vcf`;
      return (
        reply
          .type('text/vcard; charset=utf-8')
          .header('content-disposition', `attachment; filename="contact.vcf"; filename*=UTF-8''${encodeURIComponent(file)}`)
          // A tag's card names its owner and reward in the visitor's language.
          .header('vary', 'accept-language')
          .send(
            buildVCard(
              profile,
              (await service.customDomainOf(profile.id).then((host) => (host ? `https://${host}/` : null))) ??
                `${publicUrl}${profile.canonicalPath}`,
              await vcardPhoto(request.params.alias, profile),
              localeFromHeader(request.headers['accept-language']),
            ),
          )
      );
    },
  );
}

/** The owner's side of a profile's public page: its visitors and clicks, an address to preview it, an email signature. */
function registerOwnerRoutes(app: App, { service, secret, requireAccess, publicUrl }: Options): void {
  app.get(
    '/profiles/:id/stats',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['profiles'],
        summary: 'Unique visitors and link clicks per day, last 30 days',
        security: [{ bearer: [] }],
        params: z.object({ id: z.uuid() }),
        response: { 200: okResponse(profileStatsSchema), 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await requireAccess(actorOf(request), 'profile', request.params.id);
      return { ok: 1 as const, data: await service.stats(request.params.id) };
    },
  );

  app.get(
    '/profiles/:id/preview-link',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['profiles'],
        summary: 'A short-lived address of the profile’s public page in preview mode (private profiles too; no visit counted)',
        security: [{ bearer: [] }],
        params: z.object({ id: z.uuid() }),
        response: {
          200: okResponse(z.object({ url: z.string(), expiresInSeconds: z.number() })),
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await requireAccess(actorOf(request), 'profile', request.params.id);
      const alias = afterAccess(await service.ownedAlias(actorOf(request).id, request.params.id));
      const url = `/link/${encodeURIComponent(alias)}/${request.params.id}?preview=${previewToken(secret, request.params.id)}`;
      return { ok: 1 as const, data: { url, expiresInSeconds: PREVIEW_TTL_SECONDS } };
    },
  );

  app.get(
    '/profiles/:id/signature',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags: ['profiles'],
        summary: 'An email signature made from a card (HTML for a mail client’s signature setting, and plain text)',
        security: [{ bearer: [] }],
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ locale: localeSchema.optional() }),
        response: { 200: okResponse(emailSignatureSchema), 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await requireAccess(actorOf(request), 'profile', request.params.id);
      // A tag has no signature: it is not a card of anyone's.
      const card = afterAccess(await service.walletCard(request.params.id));
      const locale = request.query.locale ?? localeFromHeader(request.headers['accept-language']);
      return { ok: 1 as const, data: emailSignature(card.profile, { publicUrl, visibility: card.visibility, locale }) };
    },
  );
}
