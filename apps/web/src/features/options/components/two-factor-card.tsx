import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, Image, Paper, PasswordInput, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { twoFactorCodeBodySchema, type TwoFactorSetup } from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { ShowOnceSecret } from '@/components/show-once-secret';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useTwoFactor } from '../api/get-two-factor';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { useStartTwoFactor } from '../api/start-two-factor';

const passwordBodySchema = z.object({ password: z.string().min(1).max(1024) });

/** The ten recovery codes, shown once: copy or download them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('options');
  const text = codes.join('\n');
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    link.download = 'enlaza-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <ShowOnceSecret
      secret={text}
      notice={t('twoFactor.recoveryShownOnce')}
      testId="two-factor-recovery"
      actions={
        <Button variant="default" onClick={download}>
          {t('twoFactor.download')}
        </Button>
      }
      onDone={onDone}
    />
  );
}

/** A form asking one current code (confirming a setup, new recovery codes). */
function CodeForm({
  label,
  submitLabel,
  pending,
  onCode,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  onCode: (code: string, fail: (error: unknown) => void) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('options');
  const form = useContractForm(twoFactorCodeBodySchema, { initialValues: { code: '' } });
  return (
    <form onSubmit={form.onSubmit((body) => onCode(body.code, form.setServerError))} noValidate>
      <Stack gap="sm">
        <TextInput
          {...form.field('code')}
          label={label}
          inputMode="numeric"
          autoComplete="one-time-code"
          maw={220}
          data-autofocus
          data-testid="two-factor-code"
        />
        <FormGeneralError error={form.generalError} />
        <Group gap="sm">
          <Button type="submit" loading={pending} data-testid="two-factor-code-submit">
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('twoFactor.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('options');
  const mutation = useDisableTwoFactor();
  const form = useContractForm(passwordBodySchema, { initialValues: { password: '' } });
  return (
    <form onSubmit={form.onSubmit((body) => mutation.mutate(body, { onSuccess: onDone, onError: form.setServerError }))} noValidate>
      <Stack gap="sm">
        <PasswordInput
          {...form.field('password')}
          label={t('twoFactor.password')}
          autoComplete="current-password"
          maw={320}
          data-testid="two-factor-password"
        />
        <FormGeneralError error={form.generalError} />
        <Group gap="sm">
          <Button color="red" type="submit" loading={mutation.isPending} data-testid="two-factor-disable-submit">
            {t('twoFactor.disable')}
          </Button>
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            {t('twoFactor.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Opciones: two-factor sign-in with an authenticator app — turn on (QR, confirm, recovery codes), new codes, turn off. */
export function TwoFactorCard() {
  const { t } = useTranslation('options');
  const query = useTwoFactor();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [mode, setMode] = useState<'idle' | 'regenerate' | 'disable'>('idle');

  const finish = () => {
    setSetup(null);
    setCodes(null);
    setMode('idle');
  };

  let body;
  if (query.isPending) body = <Skeleton height={36} aria-label={t('twoFactor.loading')} />;
  else if (query.isError)
    body = (
      <Alert color="red" role="alert" title={t('twoFactor.loadFailed')}>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  else if (codes) body = <RecoveryCodes codes={codes} onDone={finish} />;
  else if (setup)
    body = (
      <Stack gap="sm" data-testid="two-factor-setup">
        <Text size="sm">{t('twoFactor.scan')}</Text>
        <Image src={setup.qrCode} alt={t('twoFactor.qrAlt')} w={200} h={200} fit="contain" data-testid="two-factor-qr" />
        <Text size="sm">{t('twoFactor.manual')}</Text>
        <Code style={{ overflowWrap: 'anywhere' }} data-testid="two-factor-secret">
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </Code>
        <CodeForm
          label={t('twoFactor.code')}
          submitLabel={t('twoFactor.confirm')}
          pending={confirm.isPending}
          onCode={(code, fail) => confirm.mutate(code, { onSuccess: setCodes, onError: fail })}
          onCancel={finish}
        />
      </Stack>
    );
  else if (query.data.enabled)
    body = (
      <Stack gap="sm">
        <Group gap="sm">
          <Badge color="teal" data-testid="two-factor-on">
            {t('twoFactor.on')}
          </Badge>
          <Text size="sm">{t('twoFactor.codesLeft', { count: query.data.recoveryCodesLeft })}</Text>
        </Group>
        {mode === 'regenerate' ? (
          <CodeForm
            label={t('twoFactor.code')}
            submitLabel={t('twoFactor.regenerate')}
            pending={regenerate.isPending}
            onCode={(code, fail) => regenerate.mutate(code, { onSuccess: setCodes, onError: fail })}
            onCancel={finish}
          />
        ) : mode === 'disable' ? (
          <DisableForm onDone={finish} />
        ) : (
          <Group gap="sm">
            <Button variant="default" onClick={() => setMode('regenerate')} data-testid="two-factor-regenerate">
              {t('twoFactor.regenerate')}
            </Button>
            {!query.data.required && (
              <Button variant="default" color="red" onClick={() => setMode('disable')} data-testid="two-factor-disable">
                {t('twoFactor.disable')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    );
  else
    body = (
      <Stack gap="sm">
        {start.isError && (
          <Alert color="red" role="alert">
            {apiErrorMessage(start.error, t)}
          </Alert>
        )}
        <Group>
          <Button
            loading={start.isPending}
            onClick={() => start.mutate(undefined, { onSuccess: setSetup })}
            data-testid="two-factor-enable"
          >
            {t('twoFactor.enable')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <Paper withBorder radius="md" p="lg" data-testid="options-two-factor">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('twoFactor.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('twoFactor.intro')}
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}
