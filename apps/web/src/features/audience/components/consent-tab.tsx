import { useState } from 'react';
import { Button, Group, NumberInput, Skeleton, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { CONSENT_PENDING_DAYS, consentSettingsBodySchema, type ConsentSettings } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { FormGeneralError } from '@/components/form-general-error';
import { LoadError } from '@/components/load-states';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useConsentSettings } from '../api/get-consent-settings';
import { useSaveConsentSettings } from '../api/save-consent-settings';

/**
 * How I take consents: double opt-in (a new contact confirms by email before campaigns reach them),
 * how many days an unconfirmed one waits, and my own confirmation email and thanks page (empty: the
 * defaults, shown as placeholders, sent in each visitor's language).
 */
export function ConsentTab() {
  const settings = useConsentSettings();
  if (settings.error) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton h={360} data-testid="consent-loading" />;
  return <ConsentForm settings={settings.data} />;
}

function ConsentForm({ settings }: { settings: ConsentSettings }) {
  const { t } = useTranslation('audience');
  const save = useSaveConsentSettings();
  const [saved, setSaved] = useState(false);
  const form = useContractForm(consentSettingsBodySchema, {
    initialValues: {
      doubleOptIn: settings.doubleOptIn,
      pendingDays: settings.pendingDays,
      subject: settings.subject ?? '',
      body: settings.body ?? '',
      thanks: settings.thanks ?? '',
    },
    toBody: (v) => ({
      doubleOptIn: v.doubleOptIn,
      pendingDays: typeof v.pendingDays === 'number' ? v.pendingDays : Number.NaN,
      subject: v.subject.trim() || null,
      body: v.body.trim() || null,
      thanks: v.thanks.trim() || null,
    }),
    onValuesChange: () => setSaved(false),
  });
  const submit = form.onSubmit((body) => save.mutate(body, { onSuccess: () => setSaved(true), onError: form.setServerError }));
  const on = form.values.doubleOptIn;

  return (
    <form onSubmit={submit} noValidate data-testid="consent-tab">
      <Stack gap="md" maw={640}>
        <Text size="sm" c="dimmed">
          {t('consent.intro')}
        </Text>
        <FormGeneralError error={form.generalError} />
        <Switch
          {...form.field('doubleOptIn', { type: 'checkbox' })}
          label={t('consent.doubleOptIn')}
          description={on ? t('consent.doubleOptInOn') : t('consent.doubleOptInOff')}
          data-testid="consent-double-opt-in"
        />
        <NumberInput
          {...form.field('pendingDays')}
          label={t('consent.pendingDays')}
          description={t('consent.pendingDaysHint')}
          min={CONSENT_PENDING_DAYS.min}
          max={CONSENT_PENDING_DAYS.max}
          allowDecimal={false}
          maw={200}
          disabled={!on}
          data-testid="consent-pending-days"
        />
        <Text fw={600} mt="sm">
          {t('consent.texts')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('consent.textsHint', { nombre: '{{nombre}}' })}
        </Text>
        <TextInput
          {...form.field('subject')}
          label={t('consent.subject')}
          placeholder={settings.defaults.subject}
          disabled={!on}
          data-testid="consent-subject"
        />
        <Textarea
          {...form.field('body')}
          label={t('consent.body')}
          placeholder={settings.defaults.body}
          autosize
          minRows={3}
          disabled={!on}
          data-testid="consent-body"
        />
        <Textarea
          {...form.field('thanks')}
          label={t('consent.thanks')}
          placeholder={settings.defaults.thanks}
          autosize
          minRows={2}
          disabled={!on}
          data-testid="consent-thanks"
        />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} data-testid="consent-save">
            {t('consent.save')}
          </Button>
          <Text size="sm" c="teal.8" role="status" data-testid="consent-saved">
            {saved ? t('consent.saved') : ''}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
