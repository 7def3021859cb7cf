import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { lazyCountryTable } from './ip-ranges.js';

const englishNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * The plain-text answer of the IP-to-country services the phone input was written for
 * (`1;ES;;Spain`): `1` found, then the two-letter code, the three-letter one (left empty: no table
 * of them here; the input reads only the two letters) and the English name; `2;;;UNKNOWN` when the
 * address is in no range.
 */
export function countryReply(country: string | null): string {
  return country ? `1;${country};;${englishNames.of(country) ?? country}` : '2;;;UNKNOWN';
}

/** `GET /api/country-lookup`: the country of the address asking (the client's, behind TRUST_PROXY's proxies). */
export const countryLookupRoutes: FastifyPluginAsyncZod<{ table: ReturnType<typeof lazyCountryTable> }> = async (app, { table }) => {
  app.get(
    '/country-lookup',
    {
      schema: {
        tags: ['country lookup'],
        summary: "The asking address's country, as plain text (`1;ES;;Spain`, or `2;;;UNKNOWN`)",
        security: [],
        response: { 200: z.string() },
      },
    },
    async (request, reply) =>
      reply
        // The answer depends on who asks: no shared cache may keep it.
        .header('cache-control', 'private, max-age=3600')
        .type('text/plain; charset=utf-8')
        .send(countryReply(await table.countryOf(request.ip))),
  );
};
