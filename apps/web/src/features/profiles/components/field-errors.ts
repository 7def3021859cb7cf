import type { Keyed } from './profile-draft';

/** Server field errors (422 `errors`), first message per path, e.g. `card.phones.0.number`. */
export type FieldErrorMap = Record<string, string>;

/** Paths a field of the editor shows next to itself; any other error is listed above the form. */
const PLACED = [
  /^(photoFileId|coverFileId|visibility|contactForm|wall|folderId|labelIds|kind)$/,
  /^theme\.(color|layout)$/,
  /^card\.(firstName|lastName|jobTitle|company|bio|website|address)$/,
  /^card\.(phones|emails|socialLinks|customLinks)$/,
  /^card\.phones\.\d+\.(label|number)$/,
  /^card\.emails\.\d+\.(label|email)$/,
  /^card\.socialLinks\.\d+\.(network|url)$/,
  /^card\.customLinks\.\d+\.(label|url)$/,
  /^tag\.(name|tagKind|description|showOwnerContact|lostMode|lostNote|reward|serial)$/,
];

export function fieldErrorsOf(errors: Record<string, string[]> | undefined): FieldErrorMap {
  const out: FieldErrorMap = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    // `labelIds.3` and the like belong to the list's own field.
    const key = path.startsWith('labelIds.') ? 'labelIds' : path;
    if (messages[0] && !out[key]) out[key] = messages[0];
  }
  return out;
}

export const isPlaced = (path: string) => PLACED.some((pattern) => pattern.test(path));

/** Messages no field shows (so that none is silently lost). */
export function unplacedErrors(errors: FieldErrorMap): string[] {
  return Object.entries(errors)
    .filter(([path]) => !isPlaced(path))
    .map(([, message]) => message);
}

/** Without the error of `path` and of everything under it (e.g. a list whose rows moved). */
export function withoutErrors(errors: FieldErrorMap, path: string): FieldErrorMap {
  const keys = Object.keys(errors).filter((key) => key === path || key.startsWith(`${path}.`));
  if (keys.length === 0) return errors;
  const next = { ...errors };
  for (const key of keys) delete next[key];
  return next;
}

/**
 * The errors left after a list changed: when rows were added, removed or moved, the server's
 * row numbers no longer fit, so the whole list's errors go; when one row was edited, only its own.
 */
export function errorsAfterListChange<T extends Keyed>(errors: FieldErrorMap, path: string, before: T[], after: T[]): FieldErrorMap {
  const sameRows = before.length === after.length && before.every((row, i) => row.key === after[i]!.key);
  if (!sameRows) return withoutErrors(errors, path);
  let next = errors;
  after.forEach((row, i) => {
    if (row !== before[i]) next = withoutErrors(next, `${path}.${i}`);
  });
  // The list's own error (e.g. "at most 5") stays until rows are added or removed.
  return next;
}
