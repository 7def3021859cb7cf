import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Redsys' signed redirect form, as our API hands it out (a setup's or a waiting payment's `clientSecret`). */
export type RedsysRedirectForm = {
  url: string;
  fields: { Ds_SignatureVersion: string; Ds_MerchantParameters: string; Ds_Signature: string };
};

/** The form in a `clientSecret`, or null when it is not one. */
export function redsysForm(clientSecret: string): RedsysRedirectForm | null {
  try {
    const form = JSON.parse(clientSecret) as Partial<RedsysRedirectForm> | null;
    const fields = form?.fields;
    if (typeof form?.url !== 'string' || !fields?.Ds_MerchantParameters || !fields.Ds_Signature || !fields.Ds_SignatureVersion) return null;
    return { url: form.url, fields: fields };
  } catch {
    return null;
  }
}

type Props = {
  clientSecret: string;
  title: string;
  body: string;
  submitLabel: string;
  testMode?: boolean;
  extra?: ReactNode;
  /** The page's own checks before leaving (false: stay). */
  validate?: () => boolean;
  /** Just before the browser leaves for Redsys' page (what the return page needs is kept). */
  beforeLeave?: () => void;
  onCancel?: () => void;
};

/**
 * Goes to Redsys' payment page: a real form POSTed by the browser (top-level navigation) with the
 * three signed fields; the card number (or the Bizum phone) is typed there, never here. Redsys sends
 * the browser back to our return page (`/user/methods/redsys`).
 */
export function RedsysPageForm({ clientSecret, title, body, submitLabel, testMode, extra, validate, beforeLeave, onCancel }: Props) {
  const { t } = useTranslation(['billing', 'admin']);
  const [leaving, setLeaving] = useState(false);
  const form = redsysForm(clientSecret);
  if (!form)
    return (
      <Alert color="red" role="alert" data-testid="redsys-form-error">
        {t('methods.providerUnsupported')}
      </Alert>
    );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (validate && !validate()) {
      event.preventDefault();
      return;
    }
    beforeLeave?.();
    setLeaving(true);
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="redsys-page-form">
      <form method="post" action={form.url} onSubmit={submit} aria-labelledby="redsys-form-title">
        {Object.entries(form.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Stack gap="sm">
          <Title order={3} size="h5" id="redsys-form-title">
            {title}
          </Title>
          {testMode ? (
            <Alert color="yellow" data-testid="redsys-test-mode">
              {t('redsys.testMode')}
            </Alert>
          ) : null}
          <Text size="sm">{body}</Text>
          {extra}
          <Group gap="sm" wrap="wrap">
            <Button type="submit" loading={leaving} data-testid="redsys-continue">
              {submitLabel}
            </Button>
            {onCancel ? (
              <Button variant="default" onClick={onCancel}>
                {t('admin:cancel')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
