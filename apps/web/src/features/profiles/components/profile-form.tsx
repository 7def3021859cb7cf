import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notify } from '@/components/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error';
import { useSaveProfile } from '../api/profiles';
import { CardFields } from './card-fields';
import { EditorAlerts } from './editor-alerts';
import { fieldErrorsOf } from './field-errors';
import { inputOf, type ProfileDraft } from './profile-draft';
import { ProfileImages } from './profile-images';
import { SettingsFields } from './settings-fields';
import { TagFields } from './tag-fields';
import { useProfileEditor } from './use-profile-editor';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Phone rows with an unfinished number: the widget reports none, so name them before sending. */
function localErrors(draft: ProfileDraft, message: string): Record<string, string> {
  if (draft.kind !== 'card') return {};
  return Object.fromEntries(draft.card.phones.flatMap((p, i) => (p.valid ? [] : [[`card.phones.${i}.number`, message]])));
}

/** The card or tag editor. `id` null creates; the draft survives any failed save untouched. */
export function ProfileForm({
  id,
  initial,
  base,
  justCreated,
}: {
  id: string | null;
  initial: ProfileDraft;
  base: string;
  justCreated: boolean;
}) {
  const { t } = useTranslation('profiles');
  const navigate = useNavigate();
  const editor = useProfileEditor(initial);
  const { draft, errors, setErrors } = editor;
  const save = useSaveProfile();
  const [saved, setSaved] = useState(justCreated);
  const isCard = draft.kind === 'card';

  const alerts = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // After a failed save, once the errors are on screen: the first field in error is scrolled to
  // the middle of the screen (clear of the sticky save bar) and focused; a failure no field shows
  // (plan limit, network) is announced at the top and brought into view instead.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest === 0) return;
    const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? alerts.current;
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [focusRequest]);
  const focusFirstError = () => setFocusRequest((n) => n + 1);
  const showAlert = focusFirstError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const local = localErrors(draft, t('errors.phoneInvalid'));
    if (Object.keys(local).length > 0) {
      setErrors(local);
      focusFirstError();
      return;
    }
    setErrors({});
    save.mutate(
      { id, body: inputOf(draft) },
      {
        onSuccess: (profile) => {
          notify('success', t('editor.savedToast', { name: profile.name }));
          if (id) setSaved(true);
          else void navigate(`${base}/${profile.id}`, { replace: true, state: { created: true } });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) {
            setErrors(fieldErrorsOf(error.fieldErrors));
            focusFirstError();
          } else showAlert();
        },
      },
    );
  };

  const failure = save.isError && !(save.error instanceof ApiError && save.error.fieldErrors) ? save.error : null;
  const errorCount = Object.keys(errors).length;
  const status = save.isPending
    ? t('editor.saving')
    : errorCount > 0
      ? t('editor.fieldsInError', { count: errorCount })
      : failure
        ? t('editor.notSaved')
        : saved
          ? t('editor.savedTitle')
          : '';

  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={t(isCard ? 'editor.cardForm' : 'editor.tagForm')} data-testid="profile-form">
      <Stack gap="md">
        {saved ? (
          <Alert
            color="teal"
            role="status"
            title={t('editor.savedTitle')}
            withCloseButton
            closeButtonLabel={t('close')}
            onClose={() => setSaved(false)}
            data-testid="profile-saved"
          >
            {t('editor.savedBody')}
          </Alert>
        ) : null}
        <div ref={alerts} tabIndex={-1} style={{ outline: 'none' }}>
          <EditorAlerts failure={failure} errors={errors} />
        </div>
        <Section title={t('editor.images')}>
          <ProfileImages editor={editor} />
        </Section>
        <Section title={t(isCard ? 'editor.cardDetails' : 'editor.tagDetails')}>
          {isCard ? <CardFields editor={editor} /> : <TagFields editor={editor} />}
        </Section>
        <Section title={t('editor.settings')}>
          <SettingsFields editor={editor} />
        </Section>
        {/* Always in reach on a long editor: the save button and the state of the last save. */}
        <Group justify="space-between" gap="xs" wrap="nowrap" className="profile-save-bar" data-testid="profile-save-bar">
          <Text
            size="sm"
            role="status"
            aria-live="polite"
            c={errorCount > 0 || failure ? 'red.8' : undefined}
            className="profile-save-status"
            data-testid="profile-save-status"
          >
            {status}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" onClick={() => void navigate(base)} visibleFrom="xs">
              {t('editor.backToList')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="profile-save">
              {t(id ? 'editor.save' : isCard ? 'editor.createCard' : 'editor.createTag')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
