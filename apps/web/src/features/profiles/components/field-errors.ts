import type { FormErrors } from '@mantine/form';
import type { Keyed } from './profile-draft';

/** The editor's field errors (the form's), one message per path, e.g. `card.phones.0.number`. */
export type FieldErrorMap = FormErrors;

/** Paths a field of the editor shows next to itself; any other error is listed above the form. */
const PLACED = [
  // The theme's `theme.color` and `theme.layout` are shown by the colour and layout pickers.
  /^(photoFileId|coverFileId|color|layout|visibility|contactForm|wall|folderId|labelIds|kind)$/,
  /^card\.(firstName|lastName|jobTitle|company|bio|website|address)$/,
  /^card\.(phones|emails|socialLinks|customLinks)$/,
  /^card\.phones\.\d+\.(label|number)$/,
  /^card\.emails\.\d+\.(label|email)$/,
  /^card\.socialLinks\.\d+\.(network|url)$/,
  /^card\.customLinks\.\d+\.(label|url)$/,
  /^tag\.(name|tagKind|description|showOwnerContact|lostMode|lostNote|reward|serial)$/,
];

export const isPlaced = (path: string) => PLACED.some((pattern) => pattern.test(path));

/** Messages no field shows (so that none is silently lost). */
export function unplacedErrors(errors: FieldErrorMap): FieldErrorMap[string][] {
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
