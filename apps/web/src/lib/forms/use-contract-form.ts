import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, type FormErrors, type GetInputPropsReturnType, type UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { apiErrorMessage } from '@/lib/api-error-message';
import { contractField } from './contract-fields';
import { issueMessage, type FieldMessages } from './issue-message';

// Mantine's own bound: an interface of values (no index signature) fits `any`, not `unknown`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Values = Record<string, any>;

export interface ContractFormOptions<V extends Values> {
  initialValues: V;
  /** The form's own sentences for some fields' client errors (see FieldMessages); others get the general ones. */
  messages?: FieldMessages;
  /** What the schema checks, when the values typed are not the body itself ("12/30" → expMonth, expYear). */
  toBody?: (values: V) => unknown;
  /** The form field that shows a body field's errors, when their names differ ({ expMonth: 'expiry' }). */
  fieldOf?: Record<string, string>;
  /** The field a refusal without field errors belongs to (a 409 "code taken" → 'code'), if any. */
  fieldOfError?: (error: ApiError) => string | undefined;
  /** The sentence for an error that belongs to no field, where this form knows better than `apiErrorMessage` (the default). */
  errorMessage?: (error: unknown) => string;
  /** Called on every change of a value (e.g. to hide a "saved" notice). */
  onValuesChange?: (values: V) => void;
  /**
   * A long form under a sticky bar: after a failed submit the field in error is scrolled to the
   * middle of the screen (not just into view, where the bar may hide it), and a failure no field
   * shows (its alert at the top) is brought into view.
   */
  centerErrors?: boolean;
}

/** Mantine's input props (value or checked, onChange, error…) and the contract's marks. */
export type FieldProps = GetInputPropsReturnType & { 'data-path': string; required: boolean; maxLength?: number };

export interface ContractForm<S extends z.ZodType, V extends Values> {
  /** Mantine's form: `values`, `setFieldValue`, `setValues`, `reset`, `errors`… */
  form: UseFormReturnType<V>;
  values: V;
  /** The error shown on `path`, for an input that takes its props one by one. */
  errorOf: (path: string) => string | undefined;
  /** Props for the input of `path`: value, change, error, and the contract's required mark and maxLength. */
  field: (path: string, options?: { type?: 'input' | 'checkbox' }) => FieldProps;
  /**
   * The form's onSubmit: checks the values against the schema, shows each problem on its field and
   * focuses the first one; else calls `handler` with the parsed body (trimmed, converted).
   */
  onSubmit: (handler: (body: z.output<S>, values: V) => void) => (event?: FormEvent<HTMLFormElement>) => void;
  /** A failed call: its field errors go to their fields (the first focused), the rest to `generalError`. */
  setServerError: (error: unknown) => void;
  /** The error that belongs to no field, for FormGeneralError; cleared at each submit. */
  generalError: string | null;
  setGeneralError: (message: string | null) => void;
}

/** The value at a dotted path ('billingAddress.city', 'links.0.url'). */
function valueAt(data: unknown, path: string): unknown {
  let value = data;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * One form on a zod contract (Mantine's useForm underneath): the values, the client check with the
 * contract's schema, the server's field errors on their fields, the first field in error focused,
 * and the required marks and max lengths read from the schema, so no form types a limit again.
 */
export function useContractForm<S extends z.ZodType, V extends Values>(schema: S, options: ContractFormOptions<V>): ContractForm<S, V> {
  const { t } = useTranslation('common');
  const { messages, toBody, fieldOf = {}, fieldOfError, errorMessage, onValuesChange, centerErrors = false } = options;
  const [generalError, setGeneralError] = useState<string | null>(null);
  const formElement = useRef<HTMLFormElement | null>(null);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: options.initialValues,
    onValuesChange: onValuesChange ? (values) => onValuesChange(values) : undefined,
  });

  /** Whether the form has a value at `path` (an error anywhere else is shown as the general one). */
  const hasField = (path: string) => {
    const dot = path.lastIndexOf('.');
    const parent = dot < 0 ? form.getValues() : valueAt(form.getValues(), path.slice(0, dot));
    return parent !== null && typeof parent === 'object' && path.slice(dot + 1) in parent;
  };

  // Once the errors have rendered, focus the first field in error in the order the form shows
  // them: one of ours (data-path), or any input that says it is invalid (a phone or country picker).
  const [focusFor, focusFirst] = useState<FormErrors | null>(null);
  useEffect(() => {
    if (!focusFor) return;
    const inputs = formElement.current?.querySelectorAll<HTMLElement>('[data-path], [aria-invalid="true"]') ?? [];
    const first = [...inputs].find((input) => input.getAttribute('aria-invalid') === 'true' || (input.dataset.path ?? '') in focusFor);
    if (!centerErrors) {
      first?.focus();
      return;
    }
    const shown = first ?? formElement.current?.querySelector<HTMLElement>('[role="alert"]');
    shown?.scrollIntoView?.({ block: 'center' });
    first?.focus({ preventScroll: true });
  }, [focusFor, centerErrors]);

  const check = (values: V): { errors: FormErrors; general: string | null; body?: z.output<S> } => {
    const body = toBody ? toBody(values) : values;
    const result = schema.safeParse(body);
    if (result.success) return { errors: {}, general: null, body: result.data };
    const errors: FormErrors = {};
    let general: string | null = null;
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      const target = fieldOf[path] ?? path;
      const message = issueMessage(issue, valueAt(body, path), t, messages, target);
      if (target && hasField(target)) errors[target] ??= message;
      else general ??= message;
    }
    return { errors, general };
  };

  const onSubmit: ContractForm<S, V>['onSubmit'] = (handler) => (event) => {
    event?.preventDefault();
    if (event?.currentTarget) formElement.current = event.currentTarget;
    setGeneralError(null);
    const values = form.getValues();
    const { errors, general, body } = check(values);
    if (body === undefined) {
      form.setErrors(errors);
      setGeneralError(general);
      focusFirst(errors);
      return;
    }
    form.clearErrors();
    handler(body, values);
  };

  const setServerError = (error: unknown) => {
    const general = () => (errorMessage ? errorMessage(error) : apiErrorMessage(error, t));
    const errors: FormErrors = {};
    let unplaced = true;
    if (error instanceof ApiError && error.fieldErrors) {
      unplaced = false;
      for (const [path, list] of Object.entries(error.fieldErrors)) {
        const target = fieldOf[path] ?? path;
        if (list[0] && hasField(target)) errors[target] ??= list[0];
        else unplaced = true;
      }
    } else if (error instanceof ApiError) {
      const target = fieldOfError?.(error);
      if (target && hasField(target)) {
        errors[target] = general();
        unplaced = false;
      }
    }
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      focusFirst(errors);
    } else if (centerErrors) focusFirst({});
    setGeneralError(unplaced ? general() : null);
  };

  const field = (path: string, { type = 'input' }: { type?: 'input' | 'checkbox' } = {}): FieldProps => {
    const contract = contractField(schema, path);
    const props = form.getInputProps(path, { type }) as Omit<FieldProps, 'required' | 'maxLength'>;
    return { ...props, required: contract.required, ...(type === 'input' && contract.maxLength ? { maxLength: contract.maxLength } : {}) };
  };

  const errorOf = (path: string) => {
    const error = form.errors[path];
    return typeof error === 'string' ? error : undefined;
  };

  return { form, values: form.values, errorOf, field, onSubmit, setServerError, generalError, setGeneralError };
}
