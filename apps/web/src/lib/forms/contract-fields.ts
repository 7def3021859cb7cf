import type { z } from 'zod';

/** What a form shows of one field of a contract: the required mark, the longest text it takes, a list's or number's bounds. */
export interface ContractField {
  required: boolean;
  maxLength?: number;
  minLength?: number;
  /** The most rows a list takes (phones, links, labels…). */
  maxItems?: number;
  /** The bounds of a number. */
  min?: number;
  max?: number;
}

type Schema = z.core.$ZodType;
/** The parts of zod's string schema read here (public on `z.string()`, `z.email()`, …). */
type StringSchema = Schema & { minLength: number | null; maxLength: number | null; format: string | null };
/** The parts of zod's number schema read here (public on `z.number()`). */
type NumberSchema = Schema & { minValue: number | null; maxValue: number | null };

/** The smallest of a list's `.max(n)` checks, if any. */
function maxItemsOf(list: Schema): number | undefined {
  const checks = def(list).checks ?? [];
  const maxima = checks
    .map((c) => c._zod.def as z.core.$ZodCheckDef & { maximum?: unknown })
    .flatMap((d) => (d.check === 'max_length' && typeof d.maximum === 'number' ? [d.maximum] : []));
  return maxima.length > 0 ? Math.min(...maxima) : undefined;
}

const def = (schema: Schema) => schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;

/** Wrappers that let a value be left out (or replace it), and those that change nothing for a form. */
const LEAVE_OUT = new Set(['optional', 'nullable', 'default', 'prefault', 'catch']);
const TRANSPARENT = new Set(['readonly', 'nonoptional']);

/**
 * The schemas a value passes through, outer wrappers removed: one, or both sides of a pipe
 * (`z.string().trim().pipe(z.email().max(254))` limits the length on its output side).
 */
function layers(schema: Schema, found: { optional: boolean; inner: Schema[] }, inPipe = false): void {
  const d = def(schema);
  if (LEAVE_OUT.has(d.type)) {
    if (!inPipe) found.optional = true;
    return layers(d.innerType as Schema, found, inPipe);
  }
  if (TRANSPARENT.has(d.type)) return layers(d.innerType as Schema, found, inPipe);
  if (d.type === 'pipe') {
    layers(d.in as Schema, found, inPipe);
    return layers(d.out as Schema, found, true);
  }
  found.inner.push(schema);
}

/** The schema of `path` ('billingAddress.line1', 'links.0.url') inside an object schema, if it has one. */
export function schemaAt(schema: Schema, path: string): Schema | undefined {
  let current: Schema | undefined = schema;
  for (const segment of path.split('.')) {
    if (!current) return undefined;
    const found = { optional: false, inner: [] as Schema[] };
    layers(current, found);
    const container = found.inner.find((s) => def(s).type === 'object' || def(s).type === 'array');
    if (!container) return undefined;
    const d = def(container);
    current =
      d.type === 'object' ? (d.shape as Record<string, Schema>)[segment] : /^\d+$/.test(segment) ? (d.element as Schema) : undefined;
  }
  return current;
}

/**
 * The required mark and length limits of one field, read from the contract: a field is required
 * when it may not be left out and an empty text does not pass (a minimum length, an email…); a
 * boolean never is (unticked is an answer). `maxLength` is the tightest limit on the way.
 */
export function contractField(schema: Schema, path: string): ContractField {
  const field = schemaAt(schema, path);
  if (!field) return { required: false };
  const found = { optional: false, inner: [] as Schema[] };
  layers(field, found);
  const strings = found.inner.filter((s) => def(s).type === 'string') as StringSchema[];
  const maxima = strings.map((s) => s.maxLength).filter((n): n is number => n !== null);
  const minima = strings.map((s) => s.minLength).filter((n): n is number => n !== null);
  const emptyRefused = strings.length > 0 ? minima.some((n) => n > 0) || strings.some((s) => s.format !== null) : true;
  const isBoolean = found.inner.some((s) => def(s).type === 'boolean');
  const list = found.inner.find((s) => def(s).type === 'array');
  const maxItems = list ? maxItemsOf(list) : undefined;
  const number = found.inner.find((s) => def(s).type === 'number') as NumberSchema | undefined;
  const min = number?.minValue;
  const max = number?.maxValue;
  return {
    required: !found.optional && !isBoolean && emptyRefused,
    ...(maxima.length > 0 ? { maxLength: Math.min(...maxima) } : {}),
    ...(minima.length > 0 ? { minLength: Math.max(...minima) } : {}),
    ...(maxItems !== undefined ? { maxItems } : {}),
    // `.int()` alone bounds a number by the safe integers: no bound a form would show.
    ...(typeof min === 'number' && Math.abs(min) < Number.MAX_SAFE_INTEGER ? { min } : {}),
    ...(typeof max === 'number' && Math.abs(max) < Number.MAX_SAFE_INTEGER ? { max } : {}),
  };
}
