import { googleWalletLinkSchema, okResponse, walletAvailabilitySchema } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { addressKey, type RateLimiter } from '../../lib/rate-limit.js';
import { actorOf } from '../../platform/actor.js';
import { routeDocs } from '../../platform/route-docs.js';
import type { WalletService } from './service.js';

const tags = ['wallet'];
const owner = routeDocs({ auth: 'bearer', answers: [403, 404] });
const visitor = routeDocs({ auth: 'public', answers: [404, 429] });
/** A pass is an image resize and an RSA signature: a visitor's address gets this many in 10 minutes. */
const PUBLIC_PASSES_PER_ADDRESS = 30;
const params = z.object({ id: z.uuid() });
const linkParams = z.object({ alias: z.string().min(1).max(60), profileId: z.uuid() });

/** The .pkpass download, named after the card. */
function sendPass(reply: FastifyReply, pass: { pass: Buffer; name: string }) {
  const file = `${pass.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'card'}.pkpass`;
  return reply
    .type('application/vnd.apple.pkpass')
    .header('content-disposition', `attachment; filename="card.pkpass"; filename*=UTF-8''${encodeURIComponent(file)}`)
    .header('cache-control', 'no-store')
    .send(pass.pass); // bytes; the schema only documents them
}

/** Wallet passes of a card: what is offered, the owner's downloads, and the public page's. */
export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService; limiter: RateLimiter }> = async (app, { wallet, limiter }) => {
  const throttle = (address: string) =>
    limiter.consume([{ key: `wallet-public:${addressKey(address)}`, max: PUBLIC_PASSES_PER_ADDRESS, windowMs: 10 * 60_000 }]);

  app.get(
    '/wallet/availability',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags,
        summary: 'Which wallets this site makes passes for (each false until configured)',
        security: owner.security,
        response: { 200: okResponse(walletAvailabilitySchema), ...owner.failures },
      },
    },
    async () => ({ ok: 1 as const, data: wallet.availability() }),
  );

  app.get(
    '/wallet/cards/:id/apple',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags,
        summary: 'One of my cards as an Apple Wallet pass (.pkpass)',
        security: owner.security,
        params,
        response: { 200: z.string(), ...owner.failures },
      },
    },
    async (request, reply) => sendPass(reply, await wallet.ownerApplePass(actorOf(request), request.params.id)),
  );

  app.get(
    '/wallet/cards/:id/google',
    {
      onRequest: app.authenticate('user'),
      schema: {
        tags,
        summary: 'The “Save to Google Wallet” address of one of my cards',
        security: owner.security,
        params,
        response: { 200: okResponse(googleWalletLinkSchema), ...owner.failures },
      },
    },
    async (request) => ({ ok: 1 as const, data: await wallet.ownerGoogleLink(actorOf(request), request.params.id) }),
  );

  app.get(
    '/public/link/:alias/:profileId/wallet/apple',
    {
      schema: {
        tags,
        summary: 'A card from its public page as an Apple Wallet pass (.pkpass)',
        security: visitor.security,
        params: linkParams,
        response: { 200: z.string(), ...visitor.failures },
      },
    },
    async (request, reply) => {
      await throttle(request.ip);
      return sendPass(reply, await wallet.publicApplePass(request.params.alias, request.params.profileId));
    },
  );

  app.get(
    '/public/link/:alias/:profileId/wallet/google',
    {
      schema: {
        // A link of the public page (a redirect), not a call: out of the published API, as the campaigns' click redirect.
        hide: true,
        tags,
        summary: 'A card from its public page: redirects to “Save to Google Wallet”',
        security: visitor.security,
        params: linkParams,
        response: { 302: z.any(), ...visitor.failures },
      },
    },
    async (request, reply) => {
      await throttle(request.ip);
      const { url } = await wallet.publicGoogleLink(request.params.alias, request.params.profileId);
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );
};
