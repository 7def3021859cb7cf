/** A value as kept in the history: short strings, lists as their length, objects as JSON text. */
function summary(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 199)}…` : value;
  if (Array.isArray(value)) return value.length;
  if (value && typeof value === 'object') return summary(JSON.stringify(value));
  return value;
}

/**
 * The fields that differ between two flat records (nested objects compared by content), as the
 * `before` / `after` of a history event; null when nothing changed. Keys named in `skip` are ignored.
 */
export function changesBetween(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  skip: string[] = [],
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (skip.includes(key)) continue;
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    out.before[key] = summary(before[key]);
    out.after[key] = summary(after[key]);
  }
  return Object.keys(out.after).length > 0 ? out : null;
}
