import { isDeepStrictEqual } from 'node:util';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../src/lib/i18n.js';
import { teamWithOwner } from '../helpers/teams.js';
import { bearer, createTestApp, type TestContext } from '../helpers/test-app.js';

/** Every route that reads multipart/form-data answers a body that is not well-formed multipart with a translated 422, never a 500. */
let t: TestContext;
let multipartRoutes: { method: string; url: string }[];
beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json<OpenAPIV3.Document>();
  multipartRoutes = Object.entries(doc.paths).flatMap(([url, item]) =>
    (['post', 'put', 'patch'] as const).flatMap((method) => {
      const body = item?.[method]?.requestBody as OpenAPIV3.RequestBodyObject | undefined;
      return body?.content['multipart/form-data'] ? [{ method: method.toUpperCase(), url }] : [];
    }),
  );
});
afterAll(() => t.close());

const partHead = (name: string, filename: string) =>
  `--B\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`;

/** Bodies a client or an attacker may send with a multipart content type, none of them well-formed. */
const MALFORMED: { what: string; contentType: string; payload: string | Buffer }[] = [
  { what: 'no boundary', contentType: 'multipart/form-data', payload: '--B\r\n\r\nx\r\n--B--\r\n' },
  { what: 'an empty boundary', contentType: 'multipart/form-data; boundary=', payload: '--B--\r\n' },
  { what: 'a boundary longer than allowed', contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, payload: '--B--\r\n' },
  {
    what: 'a body cut off inside a part',
    contentType: 'multipart/form-data; boundary=B',
    payload: `${partHead('file', 'a.csv')}Ana,ana@example.com\r\n`,
  },
  {
    what: 'a body cut off inside the part headers',
    contentType: 'multipart/form-data; boundary=B',
    payload: '--B\r\nContent-Disposition: form-da',
  },
  {
    what: 'garbage',
    contentType: 'multipart/form-data; boundary=B',
    payload: Buffer.from([0, 255, 13, 10, 45, 45, 66, 0, 7, 200, 13, 10]),
  },
  { what: 'JSON', contentType: 'multipart/form-data; boundary=B', payload: JSON.stringify({ csv: 'Ana,ana@example.com' }) },
];

describe('multipart routes and malformed bodies', () => {
  it('finds the multipart routes in the API description (uploads and the invitation CSV)', () => {
    expect(multipartRoutes).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/api/files' },
        { method: 'POST', url: '/api/team/invitations/import' },
      ]),
    );
  });

  it('answers each malformed body on each multipart route with 422 request.invalid_multipart in the request’s language', async () => {
    const { owner } = await teamWithOwner(t);
    const wrong: string[] = [];
    for (const route of multipartRoutes)
      for (const body of MALFORMED)
        for (const locale of ['en', 'es'] as const) {
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: route.url,
            headers: { ...bearer(owner.token), 'content-type': body.contentType, 'accept-language': locale },
            payload: body.payload,
          });
          const expected = { ok: 0, code: 'request.invalid_multipart', message: translate(locale, 'request.invalid_multipart') };
          if (res.statusCode !== 422 || !isDeepStrictEqual(res.json(), expected))
            wrong.push(`${route.method} ${route.url} with ${body.what} (${locale}): ${res.statusCode} ${res.body}`);
        }
    expect(wrong).toEqual([]);
  });

  it('answers a well-formed form over the invitation import’s limits (a second file) with 413 request.too_large', async () => {
    const { owner } = await teamWithOwner(t);
    const file = (name: string) => `${partHead('csv', name)}Ana,ana@example.com\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/team/invitations/import',
      headers: { ...bearer(owner.token), 'content-type': 'multipart/form-data; boundary=B', 'accept-language': 'es' },
      payload: `${file('a.csv')}${file('b.csv')}--B--\r\n`,
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({ ok: 0, code: 'request.too_large', message: translate('es', 'request.too_large') });
  });
});
