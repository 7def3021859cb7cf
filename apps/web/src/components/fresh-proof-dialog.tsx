import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, getDefaultZIndex, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useTranslation } from 'react-i18next';
import type { ReauthenticationMethods } from '@enlaza/contracts';
import { PasswordField } from '@/components/password-field';
import { apiErrorMessage } from '@/lib/api-error-message';
import { getReauthenticationMethods } from '@/lib/api/get-reauthentication-methods';
import { reauthenticate, reauthenticateWithPasskey } from '@/lib/api/reauthenticate';
import { onFreshProofNeeded } from '@/lib/fresh-proof';

type Mode = 'password' | 'code';

/**
 * Above any other dialog: a change made from one (an SMTP server's form, a webhook's) waits for this
 * one, and the shell's dialog, mounted first, would otherwise open under the page's.
 */
const ABOVE_DIALOGS = getDefaultZIndex('modal') + 10;

/**
 * "Confirm it is you": shown when a sensitive change (a passkey, a token, two-factor, a webhook)
 * was refused for want of a fresh proof. The password, a current authenticator code (two-factor on)
 * or a passkey; on success the http client repeats the refused call (lib/fresh-proof.ts). Mounted
 * once in the signed-in shell. Mantine's modal keeps the focus inside and gives it back on closing.
 */
export function FreshProofDialog() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<Mode>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [methods, setMethods] = useState<ReauthenticationMethods | null>(null);
  const resolveRef = useRef<((proven: boolean) => void) | null>(null);

  useEffect(
    () =>
      onFreshProofNeeded(
        () =>
          new Promise<boolean>((resolve) => {
            resolveRef.current = resolve;
            setMode('password');
            setValue('');
            setError(null);
            setMethods(null);
            setOpen(true);
            // Which other proofs to offer; without the answer the password still works.
            getReauthenticationMethods().then(setMethods, () => undefined);
          }),
      ),
    [],
  );

  const finish = (proven: boolean) => {
    if (busy) return;
    setOpen(false);
    resolveRef.current?.(proven);
    resolveRef.current = null;
  };

  const attempt = async (prove: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await prove();
      setOpen(false);
      resolveRef.current?.(true);
      resolveRef.current = null;
    } catch (failure) {
      // The browser's own "cancelled" of a passkey is not an error to show.
      if (!(failure instanceof Error && (failure.name === 'NotAllowedError' || failure.name === 'AbortError')))
        setError(apiErrorMessage(failure, t));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError(mode === 'password' ? t('freshProof.passwordRequired') : t('freshProof.codeRequired'));
      return;
    }
    void attempt(() => reauthenticate(mode === 'password' ? { password: value } : { code: value.trim() }));
  };

  const switchTo = (next: Mode) => {
    setMode(next);
    setValue('');
    setError(null);
  };

  const passkeys = methods?.passkey === true && browserSupportsWebAuthn();

  return (
    <Modal
      opened={open}
      onClose={() => finish(false)}
      title={t('freshProof.title')}
      centered
      zIndex={ABOVE_DIALOGS}
      trapFocus
      returnFocus
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="fresh-proof-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('freshProof.intro')}</Text>
          {mode === 'password' ? (
            <PasswordField
              label={t('freshProof.password')}
              toggleLabel={t('freshProof.showPassword')}
              autoComplete="current-password"
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              data-autofocus
              data-testid="fresh-proof-password"
            />
          ) : (
            <TextInput
              label={t('freshProof.code')}
              description={t('freshProof.codeHint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              data-autofocus
              data-testid="fresh-proof-code"
            />
          )}
          {error ? (
            <Alert color="red" role="alert" data-testid="fresh-proof-error">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => finish(false)} disabled={busy}>
              {t('freshProof.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="fresh-proof-submit">
              {t('freshProof.confirm')}
            </Button>
          </Group>
          {passkeys || methods?.code ? (
            <Stack gap={6} align="flex-start">
              {passkeys ? (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => void attempt(reauthenticateWithPasskey)}
                  data-testid="fresh-proof-passkey"
                >
                  {t('freshProof.usePasskey')}
                </Anchor>
              ) : null}
              {methods?.code ? (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => switchTo(mode === 'password' ? 'code' : 'password')}
                  data-testid={mode === 'password' ? 'fresh-proof-use-code' : 'fresh-proof-use-password'}
                >
                  {mode === 'password' ? t('freshProof.useCode') : t('freshProof.usePassword')}
                </Anchor>
              ) : null}
            </Stack>
          ) : null}
        </Stack>
      </form>
    </Modal>
  );
}
