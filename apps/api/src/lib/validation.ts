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
      return { code: issue.format === 'email' ? 'validation.invalid_email' : issue.format === 'url' ? 'validation.invalid_url' : 'validation.invalid_format' };
    case 'unrecognized_keys':
      return { code: 'validation.unknown_field' };
    default:
      return { code: 'validation.invalid_value' };
  }
}

export function validationError(issues: readonly Issue[], data: unknown, context = 'body'): AppError {
  const fields: Record<string, { code: string; params?: MessageParams }[]> = {};
  for (const issue of issues) {
    const names = issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...issue.path, k].join('.')) : [issue.path.join('.') || context];
    for (const name of names) (fields[name] ??= []).push(issueToMessage(issue, data));
  }
  return new AppError('validation.failed', {}, fields);
}

/** Where a NUL character hides in a request (PostgreSQL cannot store it in text or JSON). */
function pathOfNul(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = pathOfNul(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Validates requests with the contracts' zod schemas and reports every failing field with a message code. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const nul = pathOfNul(data);
    if (nul) return { error: new AppError('validation.failed', {}, { [nul.join('.') || (httpPart ?? 'body')]: [{ code: 'validation.invalid_value' }] }) };
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: validationError(result.error.issues, data, httpPart) };
  };
