import type { TFunction } from 'i18next';
import type { z } from 'zod';

export type Issue = z.core.$ZodIssue;

/**
 * A form's own sentence for a field: one text for any problem of the field, or one per issue
 * and value (undefined: the general sentence). Keys are the form's field paths ('newPassword', 'billingAddress.city').
 * A form's cross-field rule (a `superRefine` issue on `confirm`) gets its sentence here too.
 */
export type FieldMessages = Partial<Record<string, string | ((issue: Issue, value: unknown) => string | undefined)>>;

/** The message codes the contracts name (`{ error: 'validation.card_number' }`), translated in common:forms.validation. */
const NAMED = new Set([
  'required',
  'invalid_email',
  'invalid_phone',
  'invalid_format',
  'invalid_url',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'invalid_value',
  'alias_format',
  'accept_policy',
  'card_number',
  'card_expiry',
  'card_expired',
  'card_cvc',
  'invalid_color',
  'credit_amount_or_base',
  'single_line',
  'domain_name',
  'local_part',
  'host_name',
  'nothing_to_change',
  'one_target',
]);

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The sentence for one zod issue, in the words the API uses for the same issue (its
 * `validation.*` messages): the form's own first, then the code the contract names, then one by
 * the kind of issue. An empty field is "required" whatever rule it broke first.
 */
export function issueMessage(
  issue: Issue,
  value: unknown,
  t: TFunction,
  messages: FieldMessages = {},
  field = issue.path.join('.'),
): string {
  const own = messages[field] ?? messages[issue.path.join('.')];
  const mine = typeof own === 'function' ? own(issue, value) : own;
  if (mine) return mine;
  const say = (code: string, params?: Record<string, unknown>) => t(`common:forms.validation.${code}`, params ?? {});
  if (issue.message.startsWith('validation.')) {
    const code = issue.message.slice('validation.'.length);
    if (NAMED.has(code)) return say(code);
  }
  if (isEmpty(value) && issue.code !== 'too_big') return say('required');
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? say('too_short', { min: Number(issue.minimum) })
        : say('too_small', { min: Number(issue.minimum) });
    case 'too_big':
      return issue.origin === 'string' ? say('too_long', { max: Number(issue.maximum) }) : say('too_big', { max: Number(issue.maximum) });
    case 'invalid_format':
      return say(issue.format === 'email' ? 'invalid_email' : issue.format === 'url' ? 'invalid_url' : 'invalid_format');
    default:
      return say('invalid_value');
  }
}
