import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { loadStripeFor } from '../lib/load-stripe';
import type { AuthenticationProps } from './authentication-props';

/**
 * Stripe's own authentication (3-D Secure in its modal) for a payment waiting for the customer.
 * Whatever the outcome, the caller asks our server for the payment's state again: Stripe says there
 * whether it went through. Its own chunk, loaded only when the provider is Stripe.
 */
export default function StripeNextAction({ nextAction, onDone }: AuthenticationProps) {
  const { t } = useTranslation('billing');
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const started = useRef(false);

  const run = async () => {
    setRunning(true);
    setError(null);
    try {
      const stripe = await loadStripeFor(nextAction.publishableKey ?? '');
      if (!stripe) throw new Error('Stripe.js did not load');
      await stripe.handleNextAction({ clientSecret: nextAction.clientSecret });
      onDone();
    } catch {
      setError(t('authenticate.providerUnavailable'));
    } finally {
      setRunning(false);
    }
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
    // Once, when the step opens; "Try again" runs it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Stack gap="sm" data-testid="stripe-authentication">
      <Text size="sm">{t('authenticate.stripeIntro')}</Text>
      {running ? <Loader size="sm" aria-label={t('loading')} /> : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
          <Button mt="xs" size="xs" variant="light" onClick={() => void run()}>
            {t('authenticate.tryAgain')}
          </Button>
        </Alert>
      ) : null}
    </Stack>
  );
}
