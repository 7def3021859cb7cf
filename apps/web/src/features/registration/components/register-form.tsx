import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Checkbox, Skeleton, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RegisterBody } from '@enlaza/contracts';
import { PasswordField } from '@/components/password-field';
import { SelectField } from '@/components/select-field';
import { ApiError } from '@/lib/http';
import { browserLanguages, browserTimeZone, readStoredLanguage, signUpLanguage } from '@/lib/language';
import { useAccountTypes } from '../api/get-account-types';
import { useRegister } from '../api/register';
import { aliasFromName } from './alias-rules';
import { AliasField } from './alias-field';
import { PasswordStrengthMeter } from './password-strength-meter';
import { REGISTER_FIELDS, validateRegistration, type RegisterErrors, type RegisterField } from './register-rules';
import { useAliasCheck } from './use-alias-check';

const FIELDS = REGISTER_FIELDS;
type Field = RegisterField;
export type { RegisterErrors };

export interface RegisterValues {
  name: string;
  alias: string;
  /** False while the alias follows the name; true once the visitor typed one. */
  aliasEdited: boolean;
  email: string;
  password: string;
  accountTypeId: string;
  acceptPolicy: boolean;
}

export const EMPTY_REGISTER_VALUES: RegisterValues = {
  name: '',
  alias: '',
  aliasEdited: false,
  email: '',
  password: '',
  accountTypeId: '',
  acceptPolicy: false,
};

interface RegisterFormProps {
  /** Kept by the page so that nothing typed is lost when it shows the "check your email" step and back. */
  values: RegisterValues;
  onChange: (values: RegisterValues) => void;
  onRegistered: (email: string) => void;
}

export function RegisterForm({ values, onChange, onRegistered }: RegisterFormProps) {
  const { t } = useTranslation('register');
  const queryClient = useQueryClient();
  const accountTypes = useAccountTypes();
  const mutation = useRegister();
  const [errors, setErrors] = useState<RegisterErrors>({});
  const refs = useRef<Partial<Record<Field, HTMLInputElement | HTMLSelectElement | null>>>({});
  const alias = values.aliasEdited ? values.alias : aliasFromName(values.name);
  const aliasCheck = useAliasCheck(alias, values.name);

  const set = <K extends keyof RegisterValues>(key: K, value: RegisterValues[K], field?: Field) => {
    onChange({ ...values, [key]: value });
    if (field) setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  // A type without tax id (personal) is chosen until the visitor picks one.
  const firstType = (accountTypes.data?.find((type) => !type.requiresTaxId) ?? accountTypes.data?.[0])?.id;
  useEffect(() => {
    if (!values.accountTypeId && firstType) onChange({ ...values, accountTypeId: firstType });
  }, [firstType, values, onChange]);

  const focusFirst = (found: RegisterErrors) => {
    const field = FIELDS.find((f) => found[f]);
    if (field) refs.current[field]?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = validateRegistration(values, alias.trim().toLowerCase(), t);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      focusFirst(local);
      return;
    }
    const body: RegisterBody = {
      name: values.name.trim(),
      alias: alias.trim().toLowerCase(),
      email: values.email.trim(),
      password: values.password,
      accountTypeId: values.accountTypeId,
      acceptPolicy: true,
      locale: signUpLanguage(readStoredLanguage(), browserLanguages()),
      timeZone: browserTimeZone(),
    };
    mutation.mutate(body, {
      onSuccess: (result) => onRegistered(result.email),
      onError: (error) => {
        if (!(error instanceof ApiError) || !error.fieldErrors) return;
        const server: RegisterErrors = {};
        for (const field of FIELDS) {
          const message = error.fieldErrors[field]?.[0];
          if (message) server[field] = message;
        }
        setErrors(server);
        focusFirst(server);
        // A taken alias: ask again, so that the free suggestion shows as a one-click fix.
        if (server.alias) void queryClient.invalidateQueries({ queryKey: ['register', 'alias'] });
      },
    });
  };

  const failure = mutation.error;
  const hasFieldErrors = failure instanceof ApiError && failure.fieldErrors && Object.keys(failure.fieldErrors).length > 0;
  const generalError =
    failure && !hasFieldErrors
      ? failure instanceof ApiError && failure.status === 0
        ? t('errors.network')
        : failure.message || t('errors.generic')
      : null;

  return (
    <form onSubmit={submit} noValidate aria-label={t('title')} data-testid="register-form">
      <Stack gap="md">
        {generalError ? (
          <Alert color="red" role="alert" title={t('errors.title')} data-testid="register-error">
            {generalError}
          </Alert>
        ) : null}
        <TextInput
          ref={(el) => {
            refs.current.name = el;
          }}
          label={t('fields.name')}
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value, 'name')}
          error={errors.name}
          required
          autoComplete="name"
          maxLength={120}
          data-testid="register-name"
        />
        <AliasField
          inputRef={(el) => {
            refs.current.alias = el;
          }}
          value={alias}
          onChange={(next) => {
            onChange({ ...values, alias: next, aliasEdited: true });
            setErrors((current) => (current.alias ? { ...current, alias: undefined } : current));
          }}
          feedback={aliasCheck.feedback}
          error={errors.alias}
        />
        <TextInput
          ref={(el) => {
            refs.current.email = el;
          }}
          label={t('fields.email')}
          type="email"
          inputMode="email"
          value={values.email}
          onChange={(event) => set('email', event.currentTarget.value, 'email')}
          error={errors.email}
          required
          autoComplete="email"
          maxLength={254}
          data-testid="register-email"
        />
        <div>
          <PasswordField
            ref={(el) => {
              refs.current.password = el;
            }}
            label={t('fields.password')}
            value={values.password}
            onChange={(event) => set('password', event.currentTarget.value, 'password')}
            error={errors.password}
            required
            autoComplete="new-password"
            maxLength={200}
            toggleLabel={t('togglePassword')}
            aria-describedby="register-password-strength"
            data-testid="register-password"
          />
          <PasswordStrengthMeter password={values.password} id="register-password-strength" />
        </div>
        {accountTypes.isPending ? (
          <Skeleton height={58} aria-label={t('loadingTypes')} />
        ) : (
          <SelectField
            ref={(el) => {
              refs.current.accountTypeId = el;
            }}
            label={t('fields.accountType')}
            value={values.accountTypeId}
            onChange={(value) => set('accountTypeId', value, 'accountTypeId')}
            error={errors.accountTypeId ?? (accountTypes.isError ? t('errors.types') : undefined)}
            required
            data={(accountTypes.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
            data-testid="register-account-type"
          />
        )}
        <Checkbox
          ref={(el) => {
            refs.current.acceptPolicy = el;
          }}
          checked={values.acceptPolicy}
          onChange={(event) => set('acceptPolicy', event.currentTarget.checked, 'acceptPolicy')}
          error={errors.acceptPolicy}
          label={
            <>
              {t('fields.acceptBefore')}{' '}
              <Anchor component={Link} to="/politica" target="_blank" inherit>
                {t('fields.acceptLink')}
              </Anchor>
            </>
          }
          data-testid="register-accept"
        />
        <Button type="submit" fullWidth loading={mutation.isPending} data-testid="register-submit">
          {t('submit')}
        </Button>
      </Stack>
    </form>
  );
}
