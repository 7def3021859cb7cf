import { AppError } from './errors.js';

/** Position in a list ordered by (created_at desc, id desc): the row's timestamp as PostgreSQL prints it, and its id. */
export type KeysetCursor = { createdAt: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d:\d\d$/;

/** A calendar date PostgreSQL accepts: year 1 or later, a day the month has (JavaScript would roll 30 February over). */
function isRealDate(iso: string): boolean {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  return (
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day === new Date(Date.UTC(year, month - 1, day)).getUTCDate() &&
    !Number.isNaN(Date.parse(iso))
  );
}

/** The opaque page token handed to the client (base64url of `[createdAt, id]`). */
export const encodeCursor = (c: KeysetCursor): string => Buffer.from(JSON.stringify([c.createdAt, c.id])).toString('base64url');

/**
 * Reads a token made by `encodeCursor`; no token → null. Anything else (not base64url JSON, a bad
 * timestamp, not a UUID) is a 400 `validation.failed` on the query field `field`.
 */
export function decodeCursor(value: string | undefined, field: string): KeysetCursor | null {
  if (!value) return null;
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as [unknown, unknown];
    const iso = typeof createdAt === 'string' ? createdAt.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00') : '';
    const valid = TIMESTAMP.test(iso) && isRealDate(iso);
    if (valid && typeof id === 'string' && UUID.test(id)) return { createdAt: createdAt as string, id };
  } catch {
    /* fall through */
  }
  throw new AppError('validation.failed', {}, { [field]: [{ code: 'validation.invalid_value' }] });
}
