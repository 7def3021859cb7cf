import { useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { preferencesSchema, THEMES, type Locale, type Preferences } from '@enlaza/contracts';
import { useSavePreferences } from '@/lib/api/save-preferences';
import { FormGeneralError } from '@/components/form-general-error';
import { SelectField } from '@/components/select-field';
import { applyColorScheme } from '@/lib/apply-preferences';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { changeLanguage } from '@/lib/i18n';
import { browserTimeZone, isLocale, SUPPORTED_LOCALES } from '@/lib/language';
import { TimeZoneSelect } from './time-zone-select';

/** Each language named in itself. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', jp: '日本語' };

/** Language, time zone and theme: applied at once, saved with the button. */
export function PreferencesForm({ initial }: { initial: Preferences }) {
  const { t } = useTranslation('account');
  const save = useSavePreferences();
  const [saved, setSaved] = useState(false);
  const detected = browserTimeZone();
  // Every value comes from a list, so the form shows no required marks: nothing can be left empty.
  const form = useContractForm(preferencesSchema, { initialValues: initial, onValuesChange: () => setSaved(false) });
  const { values } = form;
  const update = (next: Partial<Preferences>) => form.form.setValues(next);

  const submit = form.onSubmit((body) => save.mutate(body, { onSuccess: () => setSaved(true), onError: form.setServerError }));

  return (
    <form
      onSubmit={(event) => {
        setSaved(false);
        submit(event);
      }}
      noValidate
      aria-label={t('preferences.title')}
      data-testid="preferences-form"
    >
      <Stack gap="lg">
        {saved ? (
          <Alert
            color="green"
            role="status"
            title={t('preferences.savedTitle')}
            withCloseButton
            closeButtonLabel={t('common:close')}
            onClose={() => setSaved(false)}
            data-testid="pref-saved"
          >
            {t('preferences.savedBody')}
          </Alert>
        ) : null}
        <FormGeneralError error={form.generalError} title={t('personal.errors.title')} />
        <SelectField
          label={t('preferences.language')}
          description={t('preferences.languageHint')}
          value={values.locale}
          onChange={(next) => {
            if (!isLocale(next)) return;
            update({ locale: next });
            changeLanguage(next).catch((error: unknown) => console.error('Language change failed', error));
          }}
          data={SUPPORTED_LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }))}
          error={form.errorOf('locale')}
          maw={360}
          data-testid="pref-language"
        />
        <div>
          <TimeZoneSelect value={values.timeZone} onChange={(timeZone) => update({ timeZone })} error={form.errorOf('timeZone')} />
          {detected && detected !== values.timeZone ? (
            <Button
              variant="subtle"
              size="compact-sm"
              mt={6}
              // A long zone name wraps on a phone instead of pushing the page sideways.
              h="auto"
              maw="100%"
              py={4}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
              onClick={() => update({ timeZone: detected })}
              data-testid="pref-timezone-detected"
            >
              {t('preferences.useDetected', { zone: detected.replace(/_/g, ' ') })}
            </Button>
          ) : null}
        </div>
        <div>
          <Text id="pref-theme-label" size="sm" fw={500}>
            {t('preferences.theme')}
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            {t('preferences.themeHint')}
          </Text>
          <SegmentedControl
            aria-labelledby="pref-theme-label"
            value={values.theme}
            onChange={(next) => {
              const theme = THEMES.find((value) => value === next);
              if (!theme) return;
              update({ theme });
              applyColorScheme(theme);
            }}
            data={THEMES.map((theme) => ({ value: theme, label: t(`preferences.themes.${theme}`) }))}
            data-testid="pref-theme"
          />
        </div>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="pref-save">
            {t('preferences.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
