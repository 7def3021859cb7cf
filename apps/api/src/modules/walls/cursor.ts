import { AppError } from '../../lib/errors.js';

/**
 * Position in a wall ordered by (pinned desc, time desc, id desc): the pinned flag, the time as
 * fixed-width UTC text (microseconds kept, so it compares exactly in SQL), and the id.
 */
export type WallCursor = { pinned: boolean; at: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/;

export const encodeWallCursor = (c: WallCursor): string =>
  Buffer.from(JSON.stringify([c.pinned ? 1 : 0, c.at, c.id])).toString('base64url');

/** No token → null; anything that is not a token made above → 422 on `field`. */
export function decodeWallCursor(value: string | undefined, field: string): WallCursor | null {
  if (!value) return null;
  try {
    const [pinned, at, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as [unknown, unknown, unknown];
    if (
      (pinned === 0 || pinned === 1) &&
      typeof at === 'string' &&
      AT.test(at) &&
      !Number.isNaN(Date.parse(at)) &&
      typeof id === 'string' &&
      UUID.test(id)
    ) {
      return { pinned: pinned === 1, at, id };
    }
  } catch {
    /* fall through */
  }
  throw new AppError('validation.failed', {}, { [field]: [{ code: 'validation.invalid_value' }] });
}
