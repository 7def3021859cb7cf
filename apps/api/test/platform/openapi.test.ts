import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedOperationId } from '../../src/platform/openapi-operations.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let doc: OpenAPIV3.Document;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://enlaza.example' });
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    (['get', 'put', 'post', 'delete', 'patch'] as const).flatMap((method) => (item?.[method] ? [{ path, method, op: item[method] }] : [])),
  );
const op = (method: 'get' | 'post', path: string) => doc.paths[path]![method]!;

describe('OpenAPI document', () => {
  it('passes Redocly’s recommended rules with no error, and validates with swagger-parser', async () => {
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: '/api/docs/json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const describe = (p: (typeof problems)[number]) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`;
    expect(problems.filter((p) => p.severity === 'error').map(describe)).toEqual([]);
    // Warnings that stay, knowingly: the mailbox's two message paths are published API (a static
    // segment wins in the router), and health, readiness, the public account types, the public page's CSRF token and the country lookup never fail with a 4xx.
    const accepted = [
      'warn no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: `/api/mailbox/{profileId}/messages` and `/api/mailbox/messages/{id}`. at #/paths/~1api~1mailbox~1messages~1{id}',
      ...['health', 'ready', 'account-types', 'public~1csrf-token', 'country-lookup'].map(
        (path) => `warn operation-4xx-response: Operation must have at least one \`4XX\` response. at #/paths/~1api~1${path}/get/responses`,
      ),
    ];
    expect(problems.map(describe).filter((problem) => !accepted.includes(problem))).toEqual([]);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('names every operation with a unique camelCase id', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][a-zA-Z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(op('get', '/api/public/link/{alias}/{profileId}/vcard').operationId).toBe('getPublicProfileVCard');
    // A route not named yet still gets a readable one.
    expect(derivedOperationId('get', '/api/gift-cards/{id}/line-items')).toBe('getGiftCardsLineItemsById');
  });

  it('requires a bearer token by default and says which operations are public', async () => {
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(op('post', '/api/login').security).toEqual([]);
    expect(op('get', '/api/public/link/{alias}/{profileId}').security).toEqual([]);
    // Checked against the running app: a documented public GET never asks to sign in, every other GET does.
    const id = '00000000-0000-4000-8000-000000000000';
    for (const { path, op: operation } of operations().filter((o) => o.method === 'get')) {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => (/id$/i.test(name) ? id : 'someone'));
      const res = await t.app.inject({ method: 'GET', url });
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      expect({ path, status: res.statusCode === 401 ? 401 : 'not 401' }).toEqual({ path, status: isPublic ? 'not 401' : 401 });
    }
  });

  it('describes every answer, failures with the shared Error schema', () => {
    expect(doc.components?.schemas?.Error).toMatchObject({ required: expect.arrayContaining(['ok', 'code', 'message']) });
    for (const { path, method, op: operation } of operations())
      for (const [status, response] of Object.entries(operation.responses) as [string, OpenAPIV3.ResponseObject][]) {
        expect({ path, method, status, description: response.description }).not.toMatchObject({ description: 'Default Response' });
        if (Number(status) >= 400) expect(response.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
      }
    expect(op('post', '/api/login').responses['401']).toMatchObject({ description: expect.stringMatching(/sign/i) });
  });

  it('declares the real media types of files, CSV, images and the vCard, and the multipart upload', async () => {
    const ok = (method: 'get' | 'post', path: string) => (op(method, path).responses['200'] as OpenAPIV3.ResponseObject).content ?? {};
    expect(Object.keys(ok('get', '/api/public/link/{alias}/{profileId}/vcard'))).toEqual(['text/vcard']);
    expect(Object.keys(ok('get', '/api/mailbox/{profileId}/messages.csv'))).toEqual(['text/csv']);
    expect(ok('get', '/api/public/link/{alias}/{profileId}/photo')['image/png']?.schema).toEqual({ type: 'string', format: 'binary' });
    expect(ok('get', '/api/files/{id}/content')['application/octet-stream']?.schema).toEqual({ type: 'string', format: 'binary' });
    const upload = op('post', '/api/files').requestBody as OpenAPIV3.RequestBodyObject;
    expect(Object.keys(upload.content)).toEqual(['multipart/form-data']);
    expect(upload.content['multipart/form-data']!.schema).toMatchObject({
      properties: { file: { type: 'array', items: { format: 'binary' } } },
    });

    // What is documented is what is served.
    const owner = await insertUser(t.db);
    const token = await login(t.app, owner);
    const card = (
      await t.app.inject({
        method: 'POST',
        url: '/api/profiles',
        headers: bearer(token),
        payload: { kind: 'card', card: { firstName: 'Doc' } },
      })
    ).json().data;
    const vcard = await t.app.inject({ url: `/api/public/link/${owner.alias}/${card.id}/vcard` });
    expect(vcard.headers['content-type']).toMatch(/^text\/vcard/);
    const csv = await t.app.inject({ url: `/api/mailbox/${card.id}/messages.csv`, headers: bearer(token) });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
  });

  it('publishes only the API: the web app’s pages are hidden, and the docs page still works', async () => {
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});
