import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/lib/api-error-message';
import { authenticateSandboxPayment } from '../api/billing';
import type { AuthenticationProps } from './authentication-props';
import { RedsysPageForm } from './redsys-form';

const StripeNextAction = lazy(() => import('./stripe-next-action'));

/**
 * A payment waiting for the customer (3-D Secure): the provider's own step. The sandbox shows a
 * panel standing for the card issuer's page; Stripe opens its own (its code loaded only then).
 */
export function AuthenticationStep({ nextAction, onDone, bizum = false }: AuthenticationProps & { bizum?: boolean }) {
  const { t } = useTranslation('billing');
  return (
    <Stack gap="sm" data-testid="authentication-step">
      {bizum ? null : <Text size="sm">{t('authenticate.intro')}</Text>}
      {nextAction.provider === 'sandbox' ? (
        <SandboxChallenge nextAction={nextAction} onDone={onDone} />
      ) : nextAction.provider === 'redsys' ? (
        // Redsys: the bank's authentication (or Bizum) on Redsys' page; the payment completes from its notification.
        <RedsysPageForm
          clientSecret={nextAction.clientSecret}
          title={t(bizum ? 'bizum.payTitle' : 'redsys.payTitle')}
          body={t(bizum ? 'bizum.payBody' : 'redsys.payBody')}
          submitLabel={t('redsys.continue')}
        />
      ) : nextAction.provider === 'stripe' ? (
        <Suspense fallback={<Skeleton height={60} aria-label={t('loading')} />}>
          <StripeNextAction nextAction={nextAction} onDone={onDone} />
        </Suspense>
      ) : (
        <Alert color="red" role="alert">
          {t('authenticate.providerUnavailable')}
        </Alert>
      )}
    </Stack>
  );
}

/** The sandbox's stand-in for the issuer's 3-D Secure page: pass or fail it on purpose. */
function SandboxChallenge({ nextAction, onDone }: AuthenticationProps) {
  const { t } = useTranslation('billing');
  const [sending, setSending] = useState<'pass' | 'fail' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const answer = (result: 'pass' | 'fail') => {
    setSending(result);
    setError(null);
    authenticateSandboxPayment(nextAction.clientSecret, result)
      .then(() => onDone())
      .catch((failure: unknown) => setError(apiErrorMessage(failure, t)))
      .finally(() => setSending(null));
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="sandbox-challenge" role="group" aria-labelledby="sandbox-challenge-title">
      <Stack gap="xs">
        <Title order={3} size="h5" id="sandbox-challenge-title">
          {t('authenticate.sandboxTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('authenticate.sandboxBody')}
        </Text>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group gap="sm" wrap="wrap">
          <Button onClick={() => answer('pass')} loading={sending === 'pass'} disabled={sending !== null} data-testid="challenge-pass">
            {t('authenticate.complete')}
          </Button>
          <Button
            variant="default"
            onClick={() => answer('fail')}
            loading={sending === 'fail'}
            disabled={sending !== null}
            data-testid="challenge-fail"
          >
            {t('authenticate.fail')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
