import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { derivedOperationId, OPERATION_IDS } from './openapi-operations.js';
import { TOKEN_SCOPES } from './token-scopes.js';

/** What each answer means; every failure's body is the shared Error schema ({ok: 0, code, message, errors?}). */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  301: 'Moved to the address in Location',
  400: 'Bad request',
  401: 'Not signed in, or the session has ended',
  403: 'Not allowed: wrong role, missing CSRF token, or the action is closed to this account',
  404: 'Not found (another user’s record is not found either)',
  409: 'Conflicts with the current state',
  413: 'Too large',
  415: 'Unsupported media type',
  422: 'Invalid input: `errors` has messages per field',
  429: 'Too many requests: try again later',
  500: 'Unexpected error',
  502: 'The mail server did not accept the message',
  503: 'Not ready: the database does not answer',
};

const binary: OpenAPIV3.MediaTypeObject = { schema: { type: 'string', format: 'binary' } };
const images = { 'image/jpeg': binary, 'image/png': binary, 'image/gif': binary, 'image/webp': binary };

/** Successful answers that are not JSON, by "METHOD /path". */
const MEDIA_TYPES: Record<string, Record<string, OpenAPIV3.MediaTypeObject>> = {
  'GET /api/public/link/{alias}/{profileId}/vcard': {
    'text/vcard': { schema: { type: 'string', description: 'A vCard 3.0 (RFC 2426), UTF-8, CRLF line ends' } },
  },
  'GET /api/country-lookup': {
    'text/plain': {
      schema: { type: 'string', description: '`1;ES;;Spain` (found: code, empty three-letter code, English name) or `2;;;UNKNOWN`' },
    },
  },
  'GET /api/mailbox/{profileId}/messages.csv': { 'text/csv': { schema: { type: 'string', description: 'UTF-8 CSV with a header row' } } },
  'GET /api/public/link/{alias}/{profileId}/photo': images,
  'GET /api/public/link/{alias}/{profileId}/cover': images,
  'GET /api/public/link/{alias}/{profileId}/posts/{postId}/image': images,
  'GET /api/files/{id}/content': { 'application/octet-stream': binary, ...images, 'application/pdf': binary },
  'GET /api/invoices/{id}/pdf': { 'application/pdf': binary },
  'GET /api/wallet/cards/{id}/apple': { 'application/vnd.apple.pkpass': binary },
  'GET /api/public/link/{alias}/{profileId}/wallet/apple': { 'application/vnd.apple.pkpass': binary },
  'GET /api/admin/invoices.csv': { 'text/csv': { schema: { type: 'string', description: 'UTF-8 CSV (with BOM) with a header row' } } },
  'GET /api/notifications/stream': {
    'text/event-stream': {
      schema: { type: 'string', description: 'Server-sent events: `notification` (id = the notification id) and `unread`' },
    },
  },
};

/** Request bodies the zod schemas cannot describe, by "METHOD /path". */
const REQUEST_BODIES: Record<string, OpenAPIV3.RequestBodyObject> = {
  'POST /api/files': {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['file'],
          properties: {
            file: {
              type: 'array',
              items: { type: 'string', format: 'binary' },
              description: 'One part named `file` per file; the type is checked from the bytes',
            },
          },
        },
      },
    },
  },
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function isErrorSchema(schema: unknown): boolean {
  const s = schema as OpenAPIV3.SchemaObject | undefined;
  return Boolean(s?.properties && 'ok' in s.properties && 'code' in s.properties && 'message' in s.properties && !('data' in s.properties));
}

/** Finishes the generated document: ids, security, media types, descriptions, the shared Error schema. */
export function finishDocument(doc: OpenAPIV3.Document): OpenAPIV3.Document {
  let errorSchema: OpenAPIV3.SchemaObject | undefined;
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      const key = `${method.toUpperCase()} ${path}`;
      op.operationId ??= OPERATION_IDS[key] ?? derivedOperationId(method, path);
      // The document requires a bearer token by default; an operation that declares none is public.
      op.security ??= [];
      // A personal access token may call this operation with this scope (HTTP bearer schemes carry no
      // scopes in OpenAPI 3.0, so the scope is an extension and a line of the description).
      const scope = TOKEN_SCOPES[key];
      if (scope) {
        op.security = [...op.security, { personalAccessToken: [] }];
        Object.assign(op, { 'x-scopes': [scope] });
        op.description = [op.description, `Personal access tokens: needs the \`${scope}\` scope.`].filter(Boolean).join('\n\n');
      }
      if (REQUEST_BODIES[key]) op.requestBody = REQUEST_BODIES[key];
      for (const [status, response] of Object.entries(op.responses ?? {}) as [string, OpenAPIV3.ResponseObject][]) {
        if (!response.description || response.description === 'Default Response')
          response.description = STATUS_DESCRIPTIONS[status] ?? `HTTP ${status}`;
        const json = response.content?.['application/json'];
        if (status.startsWith('2') && MEDIA_TYPES[key]) response.content = MEDIA_TYPES[key];
        else if (json && isErrorSchema(json.schema)) {
          errorSchema ??= json.schema as OpenAPIV3.SchemaObject;
          json.schema = { $ref: '#/components/schemas/Error' };
        }
      }
    }
  }
  doc.components ??= {};
  if (errorSchema)
    doc.components.schemas = {
      ...doc.components.schemas,
      Error: {
        ...errorSchema,
        description: 'Every failure: a translated message and a stable code; `errors` holds messages per field (422)',
      },
    };
  return doc;
}

/** @fastify/swagger's settings: the document of /api (other paths are the web app's pages, not the API). */
export function openApiOptions(publicUrl: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Enlaza API',
        version: '0.1.0',
        description:
          'Digital business cards, smart tags, mailbox, campaigns and billing. Every answer is `{ok: 1, data}` or, on failure, `{ok: 0, code, message, errors?}`.',
        // Not open source: using the service and its API is governed by the terms of use.
        license: { name: 'Proprietary: terms of use', url: `${publicUrl}/politica` },
      },
      // Relative: "Try it out" calls the server that serves this document, whatever its address.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The token from `POST /api/login`' },
          personalAccessToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'enl_pat_…',
            description:
              'A personal access token created in Opciones (`POST /api/tokens`), sent as `Authorization: Bearer enl_pat_…`. It may call only the operations whose `x-scopes` it holds (403 `auth.token_scope_missing` otherwise, naming the scope in `details.scope`), and no other (403 `auth.token_not_allowed`); limited per minute (429 with Retry-After).',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      if (!input.url.startsWith('/api/')) return { schema: { ...input.schema, hide: true }, url: input.url };
      return jsonSchemaTransform(input);
    },
    transformObject: (input) =>
      'openapiObject' in input ? finishDocument(input.openapiObject as OpenAPIV3.Document) : input.swaggerObject,
  };
}
