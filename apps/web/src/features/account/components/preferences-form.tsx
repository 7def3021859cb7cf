import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { THEMES, type Locale, type Preferences } from '@enlaza/contracts';
import { useSavePreferences } from '@/lib/api/preferences';
import { SelectField } from '@/components/select-field';
import { applyColorScheme } from '@/lib/apply-preferences';
import { ApiError } from '@/lib/http';
import { changeLanguage } from '@/lib/i18n';
import { browserTimeZone, isLocale, SUPPORTED_LOCALES } from '@/lib/language';
import { TimeZoneSelect } from './time-zone-select';

/** Each language named in itself. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', jp: '日本語' };

/** Language, time zone and theme: applied at once, saved with the button. */
export function PreferencesForm({ initial }: { initial: Preferences }) {
  const { t } = useTranslation('account');
  const save = useSavePreferences();
  const [values, setValues] = useState<Preferences>(initial);
  const [saved, setSaved] = useState(false);
  const detected = browserTimeZone();

  const update = (next: Partial<Preferences>) => {
    setSaved(false);
    setValues((current) => ({ ...current, ...next }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    save.mutate(values, { onSuccess: () => setSaved(true) });
  };

  const failure = save.error;
  const fieldErrors = failure instanceof ApiError ? failure.fieldErrors : undefined;
  const generalError =
    failure && !fieldErrors ? (failure instanceof ApiError && failure.status === 0 ? t('personal.errors.network') : failure.message) : null;

  return (
    <form onSubmit={submit} noValidate aria-label={t('preferences.title')} data-testid="preferences-form">
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
        {generalError ? (
          <Alert color="red" role="alert" title={t('personal.errors.title')}>
            {generalError}
          </Alert>
        ) : null}
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
          error={fieldErrors?.locale?.[0]}
          maw={360}
          data-testid="pref-language"
        />
        <div>
          <TimeZoneSelect value={values.timeZone} onChange={(timeZone) => update({ timeZone })} error={fieldErrors?.timeZone?.[0]} />
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
