import { AppError } from './errors.js';

/**
 * What busboy (the parser under @fastify/multipart) throws for a body that is not well-formed
 * multipart/form-data: no or an unusable boundary, a body cut off in a part or its headers.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|(Part|Preamble) terminated early|The needle cannot)/;

/** @fastify/multipart's own errors that are the client's doing, by code. */
const MULTIPART_CODES: Record<string, AppError['code']> = {
  FST_PARTS_LIMIT: 'request.too_large',
  FST_FILES_LIMIT: 'request.too_large',
  FST_FIELDS_LIMIT: 'request.too_large',
  FST_REQ_FILE_TOO_LARGE: 'request.too_large',
  FST_PROTO_VIOLATION: 'request.invalid_multipart',
  FST_INVALID_JSON_FIELD_ERROR: 'request.invalid_multipart',
  FST_MP_PREMATURE_CLOSE: 'request.invalid_multipart',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'request.unsupported_media_type',
};

/**
 * The one reading of a multipart failure, for every route that takes multipart/form-data (the
 * parser may fail in a hook before the handler, or while the handler reads the parts): bad input
 * as a translated 4xx, or null when the error is not the parser's.
 */
export function multipartError(error: unknown): AppError | null {
  if (error instanceof AppError || !(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && MULTIPART_CODES[code]) return new AppError(MULTIPART_CODES[code]);
  return MALFORMED_MULTIPART.test(error.message) ? new AppError('request.invalid_multipart') : null;
}
