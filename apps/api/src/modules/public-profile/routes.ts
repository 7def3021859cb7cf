import { errorResponseSchema, linkClickBodySchema, okResponse, profileStatsSchema, publicProfileSchema, type PublicProfile } from '@enlaza/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.js';
import { AppError } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';
import type { PublicProfileService } from './service.js';
import { buildVCard } from './vcard.js';

const linkParams = z.object({ alias: z.string().min(1).max(60), profileId: z.uuid() });
const failures = { 404: errorResponseSchema, 422: errorResponseSchema, 429: errorResponseSchema };

export const publicProfileRoutes: FastifyPluginAsyncZod<{ service: PublicProfileService; publicUrl: string }> = async (app, { service, publicUrl }) => {
  const tags = ['public'];
  app.get('/public/link/:alias/:profileId', { schema: { tags, summary: 'A card or tag as visitors see it (counts a visit)', params: linkParams, response: { 200: okResponse(publicProfileSchema), ...failures } } }, async (request) => ({
    ok: 1 as const,
    data: await service.view(request.params.alias, request.params.profileId),
  }));

  app.post('/public/link/:alias/:profileId/click', { schema: { tags, summary: 'Count a click on one of the profile’s links', params: linkParams, body: linkClickBodySchema, response: { 200: okResponse(z.object({})), ...failures } } }, async (request) => {
    await service.click(request.params.alias, request.params.profileId);
    return { ok: 1 as const, data: {} };
  });

  app.get('/public/link/:alias/:profileId/vcard', { schema: { tags, summary: 'Save the contact: a vCard 4.0 file', params: linkParams, response: { 200: z.string(), ...failures } } }, async (request, reply) => {
    const found = await service.peek(request.params.alias, request.params.profileId);
    if (!found) throw new AppError('profile.not_available');
    const { profile } = found;
    const file = `${profile.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'contact'}.vcf`;
    return reply
      .type('text/vcard; charset=utf-8')
      .header('content-disposition', `attachment; filename="contact.vcf"; filename*=UTF-8''${encodeURIComponent(file)}`)
      .send(buildVCard(profile, `${publicUrl}${profile.canonicalPath}`));
  });

  app.get(
    '/profiles/:id/stats',
    { onRequest: app.authenticate('user'), schema: { tags: ['profiles'], summary: 'Visits and link clicks per day, last 30 days', security: [{ bearer: [] }], params: z.object({ id: z.uuid() }), response: { 200: okResponse(profileStatsSchema), 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } } },
    async (request) => ({ ok: 1 as const, data: await service.stats(requireAuth(request).user.id, request.params.id) }),
  );
};

/** OpenGraph and Twitter tags so a link pasted in a chat shows a preview; unlisted profiles are not indexed. */
export function openGraphTags(profile: PublicProfile, url: string, visibility: 'public' | 'unlisted' | 'private'): string {
  const description = profile.card ? [profile.card.jobTitle, profile.card.company].filter(Boolean).join(' · ') || (profile.card.bio ?? '') : (profile.tag?.description ?? '');
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'profile'],
    ['property', 'og:title', profile.name],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'og:site_name', 'Enlaza'],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', profile.name],
    ['name', 'twitter:description', description],
    ['name', 'description', description],
  ];
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
    return app.sendSpa(request, reply, openGraphTags(profile, `${publicUrl}${profile.canonicalPath}`, visibility));
  });
}
