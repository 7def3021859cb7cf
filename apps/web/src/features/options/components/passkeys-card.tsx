import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { renamePasskeyBodySchema, type Passkey } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ModalForm } from '@/components/modal-form';
import { notify } from '@/components/notifications';
import { useLocale } from '@/components/use-locale';
import { formatDateTime } from '@/lib/format';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useAddPasskey } from '../api/add-passkey';
import { usePasskeys } from '../api/get-passkeys';
import { useRemovePasskey } from '../api/remove-passkey';
import { useRenamePasskey } from '../api/rename-passkey';

/** The device's kind for a new passkey's suggested name ("Passkey on Android"). */
function thisDevice(userAgent: string): string | null {
  if (/iPhone|iPad/.test(userAgent)) return /iPad/.test(userAgent) ? 'iPad' : 'iPhone';
  if (/Android/.test(userAgent)) return 'Android';
  if (/Mac OS X|Macintosh/.test(userAgent)) return 'Mac';
  if (/Windows/.test(userAgent)) return 'Windows';
  if (/CrOS/.test(userAgent)) return 'ChromeOS';
  if (/Linux/.test(userAgent)) return 'Linux';
  return null;
}

/** What to say when adding failed: the browser's refusal in words, or the server's message. */
export function addFailure(error: unknown, t: TFunction<'options'>): string {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return t('passkeys.alreadyOnDevice');
  if (name === 'NotAllowedError' || name === 'AbortError') return t('passkeys.cancelled');
  return apiErrorMessage(error, t);
}

/** The name dialog: before adding (the device is asked after it), or to rename one. */
function NameForm({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const { t } = useTranslation(['options', 'admin']);
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const device = thisDevice(navigator.userAgent);
  const form = useContractForm(renamePasskeyBodySchema, {
    initialValues: { name: passkey?.name ?? (device ? t('passkeys.defaultName', { device }) : '') },
    messages: { name: (issue) => (issue.code === 'too_big' ? t('passkeys.nameTooLong') : t('passkeys.nameRequired')) },
    errorMessage: (error) => addFailure(error, t),
  });
  const pending = add.isPending || rename.isPending;
  const submit = form.onSubmit(({ name }) => {
    const done = {
      onSuccess: () => {
        notify('success', t(passkey ? 'passkeys.renamed' : 'passkeys.added', { name }));
        onClose();
      },
      onError: form.setServerError,
    };
    if (passkey) rename.mutate({ id: passkey.id, name }, done);
    else add.mutate(name, done);
  });
  return (
    <ModalForm
      onSubmit={submit}
      testId="passkey-form"
      error={form.generalError}
      errorTestId="passkey-error"
      cancelLabel={t('admin:cancel')}
      onCancel={onClose}
      submitLabel={passkey ? t('passkeys.save') : t('passkeys.continue')}
      pending={pending}
      submitTestId="passkey-submit"
    >
      <TextInput
        {...form.field('name')}
        label={t('passkeys.name')}
        description={passkey ? undefined : t('passkeys.nameHint')}
        data-autofocus
        data-testid="passkey-name"
      />
    </ModalForm>
  );
}

function PasskeyRow({ passkey, onRename, onRemove }: { passkey: Passkey; onRename: () => void; onRemove: () => void }) {
  const { t } = useTranslation('options');
  const locale = useLocale();
  return (
    <Paper component="li" withBorder radius="sm" p="sm" data-testid="options-passkey">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="options-passkey-name">
              {passkey.name}
            </Text>
            {passkey.backedUp ? (
              <Badge variant="light" color="teal" tt="none">
                {t('passkeys.synced')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {t('passkeys.addedAt', { when: formatDateTime(passkey.createdAt, locale) })}
            {' · '}
            {passkey.lastUsedAt ? t('passkeys.lastUsed', { when: formatDateTime(passkey.lastUsedAt, locale) }) : t('passkeys.neverUsed')}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onRename} aria-label={t('passkeys.renameOne', { name: passkey.name })}>
            {t('passkeys.rename')}
          </Button>
          <Button
            variant="light"
            color="red"
            size="xs"
            onClick={onRemove}
            aria-label={t('passkeys.removeOne', { name: passkey.name })}
            data-testid="options-passkey-remove"
          >
            {t('passkeys.remove')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** Opciones: the passkeys that sign in to the account without its password; add, rename, remove. */
export function PasskeysCard() {
  const { t } = useTranslation(['options', 'admin']);
  const query = usePasskeys();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState<Passkey | 'new' | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = browserSupportsWebAuthn();

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="options-passkeys">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {t('passkeys.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('passkeys.intro')}
          </Text>
        </div>
        {query.isPending ? (
          <Skeleton height={56} aria-busy="true" aria-label={t('passkeys.loading')} />
        ) : query.isError ? (
          <Alert color="red" role="alert" title={t('passkeys.loadFailed')}>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Alert>
        ) : query.data.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="options-passkeys-empty">
            {t('passkeys.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('passkeys.title')}>
            {query.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onRename={() => setEditing(passkey)} onRemove={() => setRemoving(passkey)} />
            ))}
          </Stack>
        )}
        {supported ? null : (
          <Alert color="gray" data-testid="options-passkeys-unsupported">
            {t('passkeys.unsupported')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button disabled={!supported || !query.isSuccess} onClick={() => setEditing('new')} data-testid="options-passkeys-add">
            {t('passkeys.add')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('passkeys.addTitle') : t('passkeys.renameTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('admin:close') }}
      >
        {editing !== null ? (
          <NameForm
            key={editing === 'new' ? 'new' : editing.id}
            passkey={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title={t('passkeys.removeTitle')}
        confirmLabel={t('passkeys.remove')}
        danger
        loading={remove.isPending}
        error={remove.error ? apiErrorMessage(remove.error, t) : null}
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              notify('success', t('passkeys.removed', { name: removing.name }));
              setRemoving(null);
            },
          })
        }
      >
        {t('passkeys.removeBody', { name: removing?.name ?? '' })}
      </ConfirmDialog>
    </Paper>
  );
}
