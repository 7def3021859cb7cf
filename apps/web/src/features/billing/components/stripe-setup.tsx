import { useMemo, useState } from 'react';
import { Alert, Button, Group, Stack, useComputedColorScheme } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useTranslation } from 'react-i18next';
import { FormGeneralError } from '@/components/form-general-error';
import { apiErrorMessage } from '@/lib/api-error-message';
import { loadStripeFor } from '../lib/load-stripe';
import type { ProviderSetupProps } from './sandbox-setup';

/**
 * Stripe's Payment Element completing a SetupIntent: the card or the IBAN is typed into Stripe's own
 * frame and goes to Stripe only. Loaded as its own chunk, only when the operator chose Stripe. With
 * test keys (pk_test_) a banner says no real money moves and names Stripe's test card and IBAN.
 */
export default function StripeSetup(props: ProviderSetupProps) {
  const { setup } = props;
  const { i18n } = useTranslation();
  const scheme = useComputedColorScheme('light');
  const stripe = useMemo(() => loadStripeFor(setup.publishableKey ?? ''), [setup.publishableKey]);
  return (
    <Elements
      key={setup.clientSecret}
      stripe={stripe}
      options={{
        clientSecret: setup.clientSecret,
        locale: i18n.language === 'jp' ? 'ja' : i18n.language === 'es' ? 'es' : 'en',
        appearance: { theme: scheme === 'dark' ? 'night' : 'stripe' },
      }}
    >
      <StripeSetupForm {...props} />
    </Elements>
  );
}

function StripeSetupForm({ setup, extra, validate, onConfirmed, onCancel, submitLabel, saving }: ProviderSetupProps) {
  const { t } = useTranslation(['billing', 'admin']);
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!stripe || !elements || !validate()) return;
    setConfirming(true);
    try {
      const result = await stripe.confirmSetup({ elements, redirect: 'if_required' });
      // Stripe's message is already in the customer's language (the Element's locale).
      if (result.error) setError(result.error.message ?? t('methods.notSaved'));
      else await onConfirmed();
    } catch (failure) {
      setError(apiErrorMessage(failure, t));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="stripe-setup">
      <Stack gap="sm">
        {setup.testMode ? (
          <Alert color="yellow" data-testid="stripe-test-mode">
            {t('stripe.testMode')}
          </Alert>
        ) : null}
        <PaymentElement />
        {extra}
        <FormGeneralError error={error} title={t('methods.notSaved')} testId="method-error" />
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t('admin:cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={confirming || saving} disabled={!stripe || !elements} data-testid="method-save">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
