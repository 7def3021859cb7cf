import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SANDBOX_TEST_METHODS, sandboxConfirmSetupSchema, type MethodKindName, type MethodSetup } from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { confirmSandboxSetup } from '../api/billing';

/** A sandbox SEPA debit settles (or fails) this many business days later (the API's sandbox, on the product's clock). */
const SANDBOX_SEPA_BUSINESS_DAYS = 3;

export type ProviderSetupProps = {
  setup: MethodSetup;
  kind: MethodKindName;
  /** Shown above the save button (the SEPA mandate and its checkbox, "make it the default"). */
  extra?: ReactNode;
  /** The page's own checks before the provider is asked (the mandate accepted): false stops the save. */
  validate: () => boolean;
  /** The provider completed the setup: the page saves it as a method; a refusal it throws is shown here. */
  onConfirmed: () => Promise<void>;
  onCancel?: () => void;
  submitLabel: string;
  /** Busy saving after the provider confirmed. */
  saving: boolean;
};

/**
 * The sandbox's stand-in for a provider's page: a banner saying no real money moves, a holder name
 * and a choice among the sandbox's test methods (each behaves as its label says). There is no number
 * field: the browser sends only the test method's id and the holder.
 */
export function SandboxSetup({ setup, kind, extra, validate, onConfirmed, onCancel, submitLabel, saving }: ProviderSetupProps) {
  const { t } = useTranslation(['billing', 'admin']);
  const methods = SANDBOX_TEST_METHODS.filter((m) => m.kind === kind);
  const form = useContractForm(sandboxConfirmSetupSchema, {
    initialValues: { testMethod: methods[0]?.id ?? '', holder: '' },
    messages: { holder: t('card.holderRequired') },
  });
  const [confirming, setConfirming] = useState(false);

  const submit = form.onSubmit((body) => {
    if (!validate()) return;
    setConfirming(true);
    void confirmSandboxSetup(setup.clientSecret, body)
      .then(() => onConfirmed())
      .catch(form.setServerError)
      .finally(() => setConfirming(false));
  });

  return (
    <form onSubmit={submit} noValidate data-testid="sandbox-setup">
      <Stack gap="sm">
        <Alert color="blue" variant="light" title={t('sandbox.banner')} data-testid="sandbox-banner">
          <Text size="sm">{t('sandbox.bannerBody')}</Text>
        </Alert>
        <TextInput
          {...form.field('holder')}
          label={kind === 'sepa_debit' ? t('sandbox.accountHolder') : t('card.holder')}
          autoComplete="name"
          data-testid="sandbox-holder"
        />
        <Radio.Group
          {...form.field('testMethod')}
          label={kind === 'sepa_debit' ? t('sandbox.testAccount') : t('sandbox.testCard')}
          data-testid="sandbox-test-methods"
        >
          <Stack gap={6} mt={6}>
            {methods.map((m) => (
              <Radio
                key={m.id}
                value={m.id}
                label={t(`sandbox.methods.${m.id}`, { count: SANDBOX_SEPA_BUSINESS_DAYS })}
                data-testid={`sandbox-method-${m.last4}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {extra}
        <FormGeneralError error={form.generalError} title={t('methods.notSaved')} testId="method-error" />
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t('admin:cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={confirming || saving} data-testid="method-save">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
