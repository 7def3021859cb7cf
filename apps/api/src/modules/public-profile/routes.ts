import { errorResponseSchema, linkClickBodySchema, okResponse, profileStatsSchema, publicProfileSchema, type PublicProfile } from '@enlaza/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.js';
import { AppError } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';
import { localeFromHeader } from '../../lib/i18n.js';
import type { PublicProfileService } from './service.js';
import { buildVCard, type VCardPhoto } from './vcard.js';

const linkParams = z.object({ alias: z.string().min(1).max(60), profileId: z.uuid() });
const failures = { 404: errorResponseSchema, 422: errorResponseSchema, 429: errorResponseSchema };

/** Reads a live image of a user from the cloud, when it is at most `maxBytes`. */
export type ImageReader = { imageBytes(userId: string, fileId: string, maxBytes: number): Promise<{ mimeType: string; data: Buffer } | null> };

/** Photos up to this size are embedded in the vCard; larger ones are linked. */
const VCARD_PHOTO_MAX_BYTES = 1024 * 1024;

export const publicProfileRoutes: FastifyPluginAsyncZod<{ service: PublicProfileService; publicUrl: string; images?: ImageReader }> = async (app, { service, publicUrl, images }) => {
  async function vcardPhoto(alias: string, profile: PublicProfile): Promise<VCardPhoto> {
    const file = profile.photoUrl && images ? await service.imageFile(alias, profile.id, 'photo') : null;
    if (!file || !images || !profile.photoUrl) return null;
    return (await images.imageBytes(file.userId, file.fileId, VCARD_PHOTO_MAX_BYTES)) ?? { url: `${publicUrl}${profile.photoUrl}` };
  }

  const tags = ['public'];
  app.get('/public/link/:alias/:profileId', { schema: { tags, summary: 'A card or tag as visitors see it (counts a visit)', params: linkParams, response: { 200: okResponse(publicProfileSchema), ...failures } } }, async (request, reply) => {
    // Cached already serialised (and checked against this schema when cached): a JSON string is sent as it is.
    const json = await service.viewJson(request.params.alias, request.params.profileId);
    // The cast only tells the type provider what the string holds; Fastify sends a JSON string without serialising it again.
    return reply.type('application/json; charset=utf-8').send(json as unknown as { ok: 1; data: PublicProfile });
  });

  app.post('/public/link/:alias/:profileId/click', { schema: { tags, summary: 'Count a click on one of the profile’s links', params: linkParams, body: linkClickBodySchema, response: { 200: okResponse(z.object({})), ...failures } } }, async (request) => {
    await service.click(request.params.alias, request.params.profileId);
    return { ok: 1 as const, data: {} };
  });

  app.get('/public/link/:alias/:profileId/vcard', { schema: { tags, summary: 'Save the contact: a vCard 3.0 file (text/vcard)', params: linkParams, response: { 200: z.string(), ...failures } } }, async (request, reply) => {
    const found = await service.peek(request.params.alias, request.params.profileId);
    if (!found) throw new AppError('profile.not_available');
    const { profile } = found;
    const file = `${profile.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'contact'}.vcf`;
    return reply
      .type('text/vcard; charset=utf-8')
      .header('content-disposition', `attachment; filename="contact.vcf"; filename*=UTF-8''${encodeURIComponent(file)}`)
      // A tag's card names its owner and reward in the visitor's language.
      .header('vary', 'accept-language')
      .send(buildVCard(profile, `${publicUrl}${profile.canonicalPath}`, await vcardPhoto(request.params.alias, profile), localeFromHeader(request.headers['accept-language'])));
  });

  app.get(
    '/profiles/:id/stats',
    { onRequest: app.authenticate('user'), schema: { tags: ['profiles'], summary: 'Visits and link clicks per day, last 30 days', security: [{ bearer: [] }], params: z.object({ id: z.uuid() }), response: { 200: okResponse(profileStatsSchema), 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } } },
    async (request) => ({ ok: 1 as const, data: await service.stats(requireAuth(request).user.id, request.params.id) }),
  );
};

/** OpenGraph and Twitter tags so a link pasted in a chat shows a preview; unlisted profiles are not indexed. */
export function openGraphTags(profile: PublicProfile, url: string, visibility: 'public' | 'unlisted' | 'private', publicUrl?: string): string {
  const description = profile.card ? [profile.card.jobTitle, profile.card.company].filter(Boolean).join(' · ') || (profile.card.bio ?? '') : (profile.tag?.description ?? '');
  // The wide cover suits a large preview best; the photo otherwise. Absolute, as crawlers require.
  const imagePath = profile.coverUrl ?? profile.photoUrl;
  const image = imagePath ? `${publicUrl ?? new URL(url).origin}${imagePath}` : null;
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'profile'],
    ['property', 'og:title', profile.name],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'og:site_name', 'Enlaza'],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', profile.name],
    ['name', 'twitter:description', description],
    ['name', 'description', description],
  ];
  if (image) tags.push(['property', 'og:image', image], ['name', 'twitter:image', image], ['property', 'og:image:alt', profile.name]);
  const head = tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`);
  head.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
  if (visibility === 'unlisted') head.push('<meta name="robots" content="noindex">');
  return head.join('\n    ');
}

/** The HTML of /link/{alias}/{profileId}: preview tags set by the server, 301 from an old alias, 404 when not available. */
export function registerPublicPage(app: FastifyInstance, service: PublicProfileService, publicUrl: string) {
  app.get<{ Params: { alias: string; profileId: string } }>('/link/:alias/:profileId', async (request, reply) => {
    const { alias, profileId } = request.params;
    const found = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(profileId) && alias.length <= 60 ? await service.peek(alias, profileId) : null;
    if (!found) return app.sendSpa(request, reply, '<meta name="robots" content="noindex">', 404);
    const { profile, visibility } = found;
    if (profile.alias !== alias) return reply.redirect(profile.canonicalPath, 301);
    return app.sendSpa(request, reply, openGraphTags(profile, `${publicUrl}${profile.canonicalPath}`, visibility, publicUrl));
  });
}
