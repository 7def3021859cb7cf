import { Checkbox, Fieldset, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { smtpRelayBodySchema, updateSmtpRelayBodySchema, type SmtpRelay } from '@enlaza/contracts';
import { ModalForm } from '@/components/modal-form';
import { notify } from '@/components/notifications';
import { PasswordField } from '@/components/password-field';
import { useContractForm, type ContractForm } from '@/lib/forms/use-contract-form';
import { useCreateSmtpRelay } from '../api/create-smtp-relay';
import { useUpdateSmtpRelay } from '../api/update-smtp-relay';

/** The usual ports: implicit TLS on 465, submission with STARTTLS on 587. */
const TLS_PORT = 465;
const STARTTLS_PORT = 587;

interface RelayValues {
  name: string;
  host: string;
  port: number | string;
  secure: boolean;
  user: string;
  /** Write-only: typed to set or replace it; when editing, empty keeps the saved one. */
  password: string;
  /** Editing a server with a saved password: send '' to remove it. */
  removePassword: boolean;
  rateMessages: number | string;
  rateSeconds: number | string;
  enabled: boolean;
}

type RelayForm = ContractForm<typeof updateSmtpRelayBodySchema, RelayValues>;

const valuesOf = (relay: SmtpRelay | null): RelayValues => ({
  name: relay?.name ?? '',
  host: relay?.host ?? '',
  port: relay?.port ?? STARTTLS_PORT,
  secure: relay?.secure ?? false,
  user: relay?.user ?? '',
  password: '',
  removePassword: false,
  rateMessages: relay?.rateMessages ?? 0,
  rateSeconds: relay?.rateSeconds ?? 1,
  enabled: relay?.enabled ?? true,
});

/**
 * Add (editing 'new') or edit an SMTP server: where it is, how to sign in, its rate and whether it is
 * used. An edit sends only the fields that changed. The password is never shown: typed, it replaces
 * the saved one; left empty, the saved one stays (or, when asked, is removed). The page remounts it
 * per server, so it starts from that one.
 */
export function RelayDialog({ editing, onClose }: { editing: SmtpRelay | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation(['smtp-relays', 'admin']);
  const relay = editing === 'new' ? null : editing;
  const create = useCreateSmtpRelay();
  const update = useUpdateSmtpRelay();
  const save = relay ? update : create;
  // A new server is checked whole; an edit as the partial body the PATCH takes (every field sent, the password as said above).
  const schema = (relay ? updateSmtpRelayBodySchema : smtpRelayBodySchema) as typeof updateSmtpRelayBodySchema;
  const form = useContractForm(schema, {
    initialValues: valuesOf(relay),
    toBody: ({ removePassword, password, ...rest }: RelayValues) => ({
      ...rest,
      // Left out: kept (editing) or none (a new server); '' removes the saved one.
      ...(removePassword ? { password: '' } : password ? { password } : {}),
    }),
  });

  const close = () => {
    if (save.isPending) return;
    create.reset();
    update.reset();
    onClose();
  };
  const submit = form.onSubmit((body) => {
    const done = (saved: SmtpRelay) => {
      notify('success', t(relay ? 'form.updated' : 'form.created', { name: saved.name }));
      close();
    };
    if (relay) {
      // Only what changed is sent: a change of where the mail goes or how we sign in there asks for a
      // fresh proof and tells the admins, a new rate or name does not.
      const changed = Object.fromEntries(
        Object.entries(body).filter(([field, value]) => field === 'password' || value !== relay[field as keyof SmtpRelay]),
      );
      if (Object.keys(changed).length === 0) close();
      else update.mutate({ id: relay.id, body: changed }, { onSuccess: done, onError: form.setServerError });
    }
    // Checked with smtpRelayBodySchema above: the whole body.
    else create.mutate(body as z.output<typeof smtpRelayBodySchema>, { onSuccess: done, onError: form.setServerError });
  });

  // Implicit TLS and STARTTLS have their usual ports: switching one moves the other's default along.
  const setSecure = (secure: boolean) => {
    form.form.setFieldValue('secure', secure);
    const port = form.values.port;
    if (secure && port === STARTTLS_PORT) form.form.setFieldValue('port', TLS_PORT);
    if (!secure && port === TLS_PORT) form.form.setFieldValue('port', STARTTLS_PORT);
  };

  const passwordHint = !relay ? t('form.passwordHint') : relay.hasPassword ? t('form.passwordKeep') : t('form.passwordNone');

  return (
    <Modal
      opened={editing !== null}
      onClose={close}
      title={t(relay ? 'form.editTitle' : 'form.addTitle')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('admin:close') }}
    >
      <ModalForm
        onSubmit={submit}
        testId="smtp-relay-form"
        error={form.generalError}
        cancelLabel={t('admin:cancel')}
        onCancel={close}
        submitLabel={t(relay ? 'form.save' : 'form.add')}
        pending={save.isPending}
        submitTestId="smtp-relay-save"
      >
        <TextInput
          {...form.field('name')}
          label={t('form.name')}
          description={t('form.nameHint')}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          data-autofocus
          data-testid="smtp-relay-name"
        />
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            {...form.field('host')}
            label={t('form.host')}
            placeholder="smtp.example.com"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            style={{ flex: 1, minWidth: 0 }}
            data-testid="smtp-relay-host"
          />
          <NumberInput
            {...form.field('port')}
            label={t('form.port')}
            min={1}
            max={65535}
            allowDecimal={false}
            allowNegative={false}
            w={104}
            data-testid="smtp-relay-port"
          />
        </Group>
        <Switch
          checked={form.values.secure}
          onChange={(event) => setSecure(event.currentTarget.checked)}
          label={t('form.secure')}
          description={t('form.secureHint')}
          data-testid="smtp-relay-secure"
        />
        <Fieldset legend={t('form.signIn')} p="sm" pt={4}>
          <Stack gap="xs">
            <TextInput
              {...form.field('user')}
              label={t('form.user')}
              description={t('form.userHint')}
              inputWrapperOrder={['label', 'description', 'input', 'error']}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              data-testid="smtp-relay-user"
            />
            <PasswordField
              {...form.field('password')}
              label={t('form.password')}
              description={passwordHint}
              inputWrapperOrder={['label', 'description', 'input', 'error']}
              toggleLabel={t('form.showPassword')}
              autoComplete="new-password"
              disabled={form.values.removePassword}
              data-testid="smtp-relay-password"
            />
            {relay?.hasPassword ? (
              <Checkbox
                {...form.field('removePassword', { type: 'checkbox' })}
                label={t('form.removePassword')}
                data-testid="smtp-relay-remove-password"
              />
            ) : null}
          </Stack>
        </Fieldset>
        <RateFields form={form} />
        <Switch
          {...form.field('enabled', { type: 'checkbox' })}
          label={t('form.enabled')}
          description={t('form.enabledHint')}
          data-testid="smtp-relay-enabled"
        />
      </ModalForm>
    </Modal>
  );
}

/** The server's rate: at most so many messages in any window of so many seconds (0 messages: no limit). */
function RateFields({ form }: { form: RelayForm }) {
  const { t } = useTranslation('smtp-relays');
  return (
    <Fieldset legend={t('form.rate')} p="sm" pt={4}>
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {t('form.rateHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            {...form.field('rateMessages')}
            label={t('form.rateMessages')}
            min={0}
            max={1_000_000}
            allowDecimal={false}
            allowNegative={false}
            data-testid="smtp-relay-rate-messages"
          />
          <NumberInput
            {...form.field('rateSeconds')}
            label={t('form.rateSeconds')}
            min={1}
            max={86_400}
            allowDecimal={false}
            allowNegative={false}
            data-testid="smtp-relay-rate-seconds"
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}
