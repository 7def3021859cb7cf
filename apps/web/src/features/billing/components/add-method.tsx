import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MethodKindName, MethodSetup, PaymentMethod } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useSaveMethod, useStartMethodSetup } from '../api/billing';
import { RedsysPageForm } from './redsys-form';
import { SandboxSetup, type ProviderSetupProps } from './sandbox-setup';

/** What the Redsys return page needs of a setup the browser left for Redsys' page with (kept in this tab). */
export const redsysSetupChoice = (setupId: string) => `enlaza.redsys-setup.${setupId}`;

const StripeSetup = lazy(() => import('./stripe-setup'));

type Props = {
  kind: MethodKindName;
  onSaved: (method: PaymentMethod) => void;
  onCancel?: () => void;
  /** Offer "use it as my default" (a first method is the default anyway). */
  withDefault?: boolean;
  submitLabel?: string;
};

/**
 * Adds a card or a bank account without its number reaching our server: our API starts a setup at
 * the provider, the provider's component (the sandbox's picker, Stripe's Payment Element) completes
 * it in the browser, and only the setup's id is sent back with the mandate accepted and the default
 * choice. A setup that ends refused is replaced by a new one, so the customer can try again.
 */
export function AddMethod({ kind, onSaved, onCancel, withDefault = true, submitLabel }: Props) {
  const { t } = useTranslation(['billing', 'admin']);
  const start = useStartMethodSetup();
  const save = useSaveMethod();
  const [setup, setSetup] = useState<MethodSetup | null>(null);
  const [mandateAccepted, setMandateAccepted] = useState(false);
  const [mandateError, setMandateError] = useState(false);
  const [makeDefault, setMakeDefault] = useState(false);
  const mandateBox = useRef<HTMLInputElement>(null);

  const begin = () => start.mutateAsync(kind).then(setSetup, () => undefined);
  useEffect(() => {
    void begin();
    // One setup per kind chosen; a refused one is replaced in `confirmed`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind]);

  if (!setup)
    return start.isError ? (
      <Alert color="red" role="alert" title={t('methods.setupFailed')} data-testid="method-setup-error">
        <Text size="sm">{apiErrorMessage(start.error, t)}</Text>
        <Button mt="xs" size="xs" variant="light" onClick={() => void begin()}>
          {t('common:actions.retry')}
        </Button>
      </Alert>
    ) : (
      <Skeleton height={160} radius="md" aria-label={t('loading')} />
    );

  const mandate = setup.mandateText !== null;
  const validate = () => {
    if (mandate && !mandateAccepted) {
      setMandateError(true);
      mandateBox.current?.focus();
      return false;
    }
    return true;
  };
  const confirmed = async () => {
    try {
      const method = await save.mutateAsync({
        setupId: setup.setupId,
        ...(mandate ? { mandateAccepted: true } : {}),
        ...(withDefault ? { makeDefault } : {}),
      });
      onSaved(method);
    } catch (error) {
      // The setup is spent: a new one for the next attempt, and the refusal shown on the form.
      void begin();
      throw error;
    }
  };

  const extra = (
    <Stack gap="sm">
      {mandate ? (
        <Paper withBorder radius="md" p="sm" data-testid="sepa-mandate">
          <Title order={3} size="h6" mb={4}>
            {t('methods.mandateTitle')}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="sepa-mandate-text">
            {setup.mandateText}
          </Text>
          <Checkbox
            ref={mandateBox}
            mt="sm"
            required
            checked={mandateAccepted}
            onChange={(event) => {
              setMandateAccepted(event.currentTarget.checked);
              if (event.currentTarget.checked) setMandateError(false);
            }}
            label={t('methods.mandateAccept')}
            error={mandateError ? t('methods.mandateRequired') : undefined}
            data-testid="sepa-mandate-accept"
          />
        </Paper>
      ) : null}
      {withDefault ? (
        <Checkbox
          checked={makeDefault}
          onChange={(event) => setMakeDefault(event.currentTarget.checked)}
          label={t('methods.makeItDefault')}
          data-testid="method-make-it-default"
        />
      ) : null}
    </Stack>
  );
  const props: ProviderSetupProps = {
    setup,
    kind,
    extra,
    validate,
    onConfirmed: confirmed,
    onCancel,
    submitLabel: submitLabel ?? (kind === 'sepa_debit' ? t('methods.saveAccount') : t('methods.saveCard')),
    saving: save.isPending,
  };
  if (setup.provider === 'sandbox') return <SandboxSetup {...props} />;
  // Redsys: the card is typed on Redsys' page (a top-level form post); its return page saves it.
  if (setup.provider === 'redsys')
    return (
      <RedsysPageForm
        clientSecret={setup.clientSecret}
        title={t('redsys.setupTitle')}
        body={t('redsys.setupBody')}
        submitLabel={t('redsys.continue')}
        testMode={setup.testMode}
        extra={extra}
        validate={validate}
        beforeLeave={() => sessionStorage.setItem(redsysSetupChoice(setup.setupId), JSON.stringify({ makeDefault }))}
        onCancel={onCancel}
      />
    );
  if (setup.provider === 'stripe')
    return (
      <Suspense fallback={<Skeleton height={160} radius="md" aria-label={t('loading')} />}>
        <StripeSetup {...props} />
      </Suspense>
    );
  return (
    <Alert color="red" role="alert" data-testid="method-setup-error">
      {t('methods.providerUnsupported')}
    </Alert>
  );
}
