import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/lib/api-error-message';
import { queryClient } from '@/lib/query-client';
import { startSession } from '@/lib/session';
import { exchangeSsoCode } from '../api/exchange-sso-code';
import { startSsoSignIn } from '../api/start-sso-sign-in';

const KNOWN_ERRORS = [
  'request_unknown',
  'response_invalid',
  'replayed',
  'provider_refused',
  'email_missing',
  'email_unverified',
  'domain_not_covered',
  'member_removed',
  'not_configured',
];

interface Props {
  /** The identity provider's return: a one-time code to exchange, or an error code. */
  code: string | null;
  error: string | null;
  onBack: () => void;
}

/** "Sign in with SSO" on the sign-in page (`/?sso=1`): the work email sends the browser to its team's identity provider; back with `?sso_code=` it signs in. */
export function SsoSignInPanel(props: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <SsoSignIn {...props} />
    </QueryClientProvider>
  );
}

function SsoSignIn({ code, error, onBack }: Props) {
  const { t } = useTranslation('sso');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(Boolean(code));
  const [failure, setFailure] = useState<string | null>(() => {
    if (!error) return null;
    const key = error.replace(/^sso\./, '');
    return KNOWN_ERRORS.includes(key) ? t(`errors.sso.${key}`) : t('errors.other');
  });
  const input = useRef<HTMLInputElement>(null);
  const exchanged = useRef(false);

  useEffect(() => {
    if (!code || exchanged.current) return;
    exchanged.current = true;
    exchangeSsoCode(code)
      .then(({ token, user }) => {
        startSession(token, user);
        window.location.replace(user.roll === 'admin' ? '/admin/dashboard' : '/user/dashboard');
      })
      .catch((cause: unknown) => {
        setBusy(false);
        setFailure(apiErrorMessage(cause, t));
      });
  }, [code, t]);
  useEffect(() => {
    if (!code) input.current?.focus();
  }, [code]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    startSsoSignIn(email.trim())
      .then((url) => window.location.assign(url))
      .catch((cause: unknown) => {
        setBusy(false);
        setFailure(apiErrorMessage(cause, t));
      });
  };

  return (
    <Stack gap="md" data-testid="sso-sign-in">
      <div>
        <Title order={1} size="h2">
          {t('signIn.title')}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('signIn.subtitle')}
        </Text>
      </div>
      {failure ? (
        <Alert color="red" role="alert" title={t('signIn.failed')} data-testid="sso-sign-in-error">
          {failure}
        </Alert>
      ) : null}
      {code && busy ? (
        <Text size="sm" data-testid="sso-signing-in">
          <Loader size="xs" mr="xs" />
          {t('signIn.signingIn')}
        </Text>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('signIn.title')}>
          <Stack gap="sm">
            <TextInput
              ref={input}
              label={t('signIn.email')}
              type="email"
              inputMode="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              data-testid="sso-email"
            />
            <Button type="submit" fullWidth loading={busy} data-testid="sso-continue">
              {t('signIn.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component="button" type="button" size="sm" onClick={onBack} data-testid="sso-back-to-sign-in">
        {t('signIn.back')}
      </Anchor>
    </Stack>
  );
}
