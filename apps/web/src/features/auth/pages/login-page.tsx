import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Anchor, Button, Center, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error';
import { FormAlert } from '@/components/form-alert';
import { PasswordField } from '@/components/password-field';
import { usePageTitle } from '@/components/use-page-title';
import { loadNamespaces } from '@/lib/i18n';
import { forgetSignedOutReason, peekSignedOutReason } from '@/lib/signed-out-reason';
import { loginFailureMessage, validateLoginInput, type LoginFieldErrors } from './login-errors';

/*
 * The sign-in call (http client, contracts, zod) is fetched when the visitor starts using the
 * form, not with the page: the login page stays within its bundle budget.
 */
const loadLoginCall = () => import('../api/login');
const prefetchLoginCall = () => {
  loadLoginCall().catch(() => undefined); // a failure shows up, with its message, on submit
};

/* The "forgot password" panel (`/?forgot=1`) and its texts load only when it opens. */
const ForgotPasswordPanel = lazy(() =>
  Promise.all([import('../components/forgot-password-panel'), loadNamespaces(['password'])]).then(([module]) => ({ default: module.ForgotPasswordPanel })),
);

export default function LoginPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  // The typed values live here and are never reset by a failure.
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const [searchParams, setSearchParams] = useSearchParams();
  const forgotOpen = searchParams.get('forgot') === '1';
  // Why the app just signed this user out (a suspended account), read once.
  const [signedOutReason] = useState(peekSignedOutReason);
  useEffect(forgetSignedOutReason, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = validateLoginInput({ email, password }, t);
    setFieldErrors(local);
    if (local.email || local.password) return;
    setPending(true);
    setError(null);
    loadLoginCall()
      .then(({ login }) => login({ email: email.trim(), password }))
      .then(
        (user) => {
          void navigate(user.roll === 'admin' ? '/admin/dashboard' : '/user/dashboard', { replace: true });
        },
        (failure: unknown) => {
          const asError = failure instanceof Error ? failure : new Error(String(failure));
          if (asError instanceof ApiError && asError.fieldErrors) {
            setFieldErrors({ email: asError.fieldErrors.email?.[0], password: asError.fieldErrors.password?.[0] });
          }
          setError(asError);
          setPending(false);
        },
      );
  };

  const failure = error ? loginFailureMessage(error, t) : null;

  return (
    <Center mih="calc(100dvh - 140px)" py="md">
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md" w="100%" maw={420}>
        {forgotOpen ? (
          <Suspense fallback={<Text c="dimmed">{t('common:loading')}</Text>}>
            <ForgotPasswordPanel initialEmail={email} onBack={() => setSearchParams({})} />
          </Suspense>
        ) : (
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                {t('login.title')}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {t('login.subtitle')}
              </Text>
            </div>

            {failure ? (
              <FormAlert title={failure.title} testId="login-error">
                {failure.message}
              </FormAlert>
            ) : signedOutReason ? (
              <FormAlert title={t('login.signedOutTitle')} testId="login-signed-out-reason">
                {signedOutReason.message}
              </FormAlert>
            ) : null}

            <form onSubmit={onSubmit} onFocus={prefetchLoginCall} onPointerDown={prefetchLoginCall} noValidate>
              <Stack gap="sm">
                <TextInput
                  label={t('login.email')}
                  type="email"
                  name="email"
                  autoComplete="username"
                  inputMode="email"
                  required
                  autoFocus
                  value={email}
                  onChange={(event) => setEmail(event.currentTarget.value)}
                  error={fieldErrors.email}
                  data-testid="login-email"
                />
                <PasswordField
                  label={t('login.password')}
                  name="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                  error={fieldErrors.password}
                  data-testid="login-password"
                  toggleLabel={t('login.togglePassword')}
                />
                <Group justify="flex-end">
                  <Anchor component={Link} to="/?forgot=1" size="sm" data-testid="forgot-password-link">
                    {t('login.forgot')}
                  </Anchor>
                </Group>
                <Button type="submit" fullWidth loading={pending} data-testid="login-submit">
                  {t('login.submit')}
                </Button>
              </Stack>
            </form>

            <Text size="sm" ta="center">
              {t('login.noAccount')}{' '}
              <Anchor component={Link} to="/register" data-testid="register-link">
                {t('login.register')}
              </Anchor>
            </Text>
          </Stack>
        )}
      </Paper>
    </Center>
  );
}
