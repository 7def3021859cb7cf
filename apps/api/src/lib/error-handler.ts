import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.js';
import { localeFromHeader, translate } from './i18n.js';
import { multipartError } from './multipart-errors.js';

const FASTIFY_CODES: Record<string, AppError['code']> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.invalid_body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.invalid_body',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request.invalid_body',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.too_large',
};

/** PostgreSQL's SQLSTATE, on the error or its cause (Drizzle wraps driver errors). */
function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.cause?.code === 'string' ? e.cause.code : e?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

function toAppError(error: FastifyError | AppError): AppError | null {
  if (error instanceof AppError) return error;
  const multipart = multipartError(error);
  if (multipart) return multipart;
  // Safety nets: a value the database refuses (class 22, data exception) is bad input, and a
  // unique-key race lost to another request is a conflict — neither is a server fault.
  const state = sqlState(error);
  if (state?.startsWith('22')) return new AppError('request.invalid_body');
  if (state === '23505') return new AppError('request.conflict');
  // An outside provider that did not answer (a payment provider's ProviderRetryableError): the same
  // request again later is safe (idempotent by its key), so it is a temporary unavailability.
  if ((error as { retryable?: unknown }).retryable === true) return new AppError('payment.provider_unavailable');
  const mapped = FASTIFY_CODES[error.code];
  if (mapped) return new AppError(mapped);
  // Any other client error Fastify raises before our code runs (bad headers, malformed body).
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new AppError('request.invalid_body');
  return null;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const locale = localeFromHeader(request.headers['accept-language']);
  const errors = error.fields
    ? Object.fromEntries(Object.entries(error.fields).map(([field, list]) => [field, list.map((m) => translate(locale, m.code, m.params))]))
    : undefined;
  if (error.headers) void reply.headers(error.headers);
  return reply.status(error.status).send({
    ok: 0,
    code: error.code,
    message: translate(locale, error.code, error.params),
    ...(errors && { errors }),
    ...(error.details && { details: error.details }),
  });
}

/** Every failure answers `{ok: 0, code, message, errors?}` in the request's language; 5xx never leaks internals. */
export const errorHandlerPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const known = toAppError(error);
      if (known) {
        // A temporary outage (a provider not answering) is the operator's to see, not a bug.
        if (known.status >= 500 && known !== error) request.log.warn({ err: error }, known.code);
        return sendError(request, reply, known);
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendError(request, reply, new AppError('internal'));
    });
  },
  { name: 'error-handler' },
);
