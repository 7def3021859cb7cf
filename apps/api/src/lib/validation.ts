import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { AppError, type MessageParams } from './errors.js';

type Issue = z.core.$ZodIssue;

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Turns one zod issue into a message code of locales/*.json (validation.*) with its parameters. */
export function issueToMessage(issue: Issue, data: unknown): { code: string; params?: MessageParams } {
  // A schema may name its own message code, e.g. z.string().regex(re, { error: 'validation.invalid_phone' }).
  if (issue.message.startsWith('validation.')) return { code: issue.message };
  const value = valueAt(data, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return { code: value === undefined || value === null ? 'validation.required' : 'validation.invalid_type' };
    case 'too_small':
      if (issue.origin === 'string') {
        return value === '' ? { code: 'validation.required' } : { code: 'validation.too_short', params: { min: Number(issue.minimum) } };
      }
      return { code: 'validation.too_small', params: { min: Number(issue.minimum) } };
    case 'too_big':
      return issue.origin === 'string'
        ? { code: 'validation.too_long', params: { max: Number(issue.maximum) } }
        : { code: 'validation.too_big', params: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return {
        code:
          issue.format === 'email'
            ? 'validation.invalid_email'
            : issue.format === 'url'
              ? 'validation.invalid_url'
              : 'validation.invalid_format',
      };
    case 'unrecognized_keys':
      return { code: 'validation.unknown_field' };
    default:
      return { code: 'validation.invalid_value' };
  }
}

export function validationError(issues: readonly Issue[], data: unknown, context = 'body'): AppError {
  const fields: Record<string, { code: string; params?: MessageParams }[]> = {};
  for (const issue of issues) {
    const names =
      issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...issue.path, k].join('.')) : [issue.path.join('.') || context];
    for (const name of names) (fields[name] ??= []).push(issueToMessage(issue, data));
  }
  return new AppError('validation.failed', {}, fields);
}

/** Deeper than any request of the contract; JSON nested deeper is refused before anything walks it. */
export const MAX_JSON_DEPTH = 32;

/**
 * Where a NUL character hides in a request (PostgreSQL cannot store it in text or JSON). Walks with
 * its own stack, not recursion, and refuses a value nested deeper than MAX_JSON_DEPTH.
 */
function pathOfNul(root: unknown): string[] | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (value && typeof value === 'object') {
      if (path.length >= MAX_JSON_DEPTH) throw new AppError('request.too_deep', { max: MAX_JSON_DEPTH });
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], path: [...path, entries[i]![0]] });
    }
  }
  return null;
}

/** How deep a parsed JSON value nests (iteratively, stopping once it passes `limit`). */
export function jsonDepthExceeds(root: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (!value || typeof value !== 'object') continue;
    if (depth >= limit) return true;
    for (const inner of Object.values(value)) if (inner && typeof inner === 'object') stack.push([inner, depth + 1]);
  }
  return false;
}

/** preValidation hook: a JSON body nested deeper than MAX_JSON_DEPTH is a 422, whatever the route. */
export async function refuseDeepBodies(request: { body?: unknown }): Promise<void> {
  if (request.body && typeof request.body === 'object' && jsonDepthExceeds(request.body))
    throw new AppError('request.too_deep', { max: MAX_JSON_DEPTH });
}

/** Validates requests with the contracts' zod schemas and reports every failing field with a message code. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    let nul: string[] | null;
    try {
      nul = pathOfNul(data);
    } catch (error) {
      return { error: error as AppError };
    }
    if (nul)
      return {
        error: new AppError('validation.failed', {}, { [nul.join('.') || (httpPart ?? 'body')]: [{ code: 'validation.invalid_value' }] }),
      };
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: validationError(result.error.issues, data, httpPart) };
  };
