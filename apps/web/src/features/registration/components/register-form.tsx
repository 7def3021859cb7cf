import { useEffect } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Checkbox, Skeleton, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { aliasFromName, PASSWORD_MIN_LENGTH, registerBodySchema } from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { aliasCheckKeys } from '@/lib/api/check-alias';
import { PasswordField } from '@/components/password-field';
import { SelectField } from '@/components/select-field';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { ApiError } from '@/lib/http';
import { browserLanguages, browserTimeZone, readStoredLanguage, signUpLanguage } from '@/lib/language';
import { useAccountTypes } from '../api/get-account-types';
import { useRegister } from '../api/register';
import { AliasField } from '@/components/alias-field';
import { PasswordStrengthMeter } from './password-strength-meter';
import { useAliasCheck } from '@/lib/use-alias-check';

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
  /** The account is for a team invitation's address: shown, not changed. */
  emailFixed?: boolean;
}

/** The alias that will be sent: the one typed, or the one made from the name until the visitor types one. */
const aliasOf = (values: RegisterValues) => (values.aliasEdited ? values.alias : aliasFromName(values.name));

export function RegisterForm({ values: initialValues, onChange, onRegistered, emailFixed = false }: RegisterFormProps) {
  const { t } = useTranslation('register');
  const queryClient = useQueryClient();
  const accountTypes = useAccountTypes();
  const mutation = useRegister();
  const form = useContractForm(registerBodySchema, {
    initialValues,
    toBody: (values) => ({
      name: values.name,
      alias: aliasOf(values),
      email: values.email,
      password: values.password,
      accountTypeId: values.accountTypeId,
      acceptPolicy: values.acceptPolicy,
      locale: signUpLanguage(readStoredLanguage(), browserLanguages()),
      timeZone: browserTimeZone(),
    }),
    messages: {
      name: t('errors.name'),
      alias: t('alias.invalid'),
      email: t('errors.email'),
      password: t('errors.password', { min: PASSWORD_MIN_LENGTH }),
      accountTypeId: t('errors.accountType'),
      acceptPolicy: t('errors.accept'),
    },
    onValuesChange: onChange,
  });
  const { values } = form;
  const alias = aliasOf(values);
  const aliasCheck = useAliasCheck(alias, values.name);

  // A type without tax id (personal) is chosen until the visitor picks one.
  const firstType = (accountTypes.data?.find((type) => !type.requiresTaxId) ?? accountTypes.data?.[0])?.id;
  const { setFieldValue } = form.form;
  useEffect(() => {
    if (!values.accountTypeId && firstType) setFieldValue('accountTypeId', firstType);
  }, [firstType, values.accountTypeId, setFieldValue]);

  const submit = form.onSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: (result) => onRegistered(result.email),
      onError: (error) => {
        form.setServerError(error);
        // A taken alias: ask again, so that the free suggestion shows as a one-click fix.
        if (error instanceof ApiError && error.fieldErrors?.alias) void queryClient.invalidateQueries({ queryKey: aliasCheckKeys.all });
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('title')} data-testid="register-form">
      <Stack gap="md">
        <FormGeneralError error={form.generalError} title={t('errors.title')} testId="register-error" />
        <TextInput {...form.field('name')} label={t('fields.name')} autoComplete="name" data-testid="register-name" />
        <AliasField
          {...form.field('alias')}
          value={alias}
          onChange={(next) => form.form.setValues({ alias: next, aliasEdited: true })}
          feedback={aliasCheck.feedback}
          error={form.errorOf('alias')}
        />
        <TextInput
          {...form.field('email')}
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          readOnly={emailFixed}
          description={emailFixed ? t('invitation.emailFixed') : undefined}
          data-testid="register-email"
        />
        <div>
          <PasswordField
            {...form.field('password')}
            label={t('fields.password')}
            autoComplete="new-password"
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
            label={t('fields.accountType')}
            value={values.accountTypeId}
            onChange={(value) => form.form.setFieldValue('accountTypeId', value)}
            error={form.errorOf('accountTypeId') ?? (accountTypes.isError ? t('errors.types') : undefined)}
            required
            data={(accountTypes.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
            data-testid="register-account-type"
          />
        )}
        <Checkbox
          {...form.field('acceptPolicy', { type: 'checkbox' })}
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
