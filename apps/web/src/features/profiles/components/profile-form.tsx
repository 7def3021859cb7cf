import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notify } from '@/components/notifications';
import { useTranslation } from 'react-i18next';
import { useSaveProfile } from '../api/save-profile';
import { CardFields } from './card-fields';
import { EditorAlerts } from './editor-alerts';
import { NameSplitCheck } from './name-split-check';
import { inputOf, type ProfileDraft } from './profile-draft';
import { ProfileImages } from './profile-images';
import { SettingsFields } from './settings-fields';
import { TagFields } from './tag-fields';
import { TeamCardNotice, type TeamLock } from './team-lock';
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

/** The card or tag editor. `id` null creates; the draft survives any failed save untouched. */
export function ProfileForm({
  id,
  initial,
  base,
  justCreated,
  lock = null,
}: {
  id: string | null;
  initial: ProfileDraft;
  base: string;
  justCreated: boolean;
  /** A team card's team and the fields it locks. */
  lock?: TeamLock;
}) {
  const { t } = useTranslation('profiles');
  const navigate = useNavigate();
  const editor = useProfileEditor(initial, lock);
  const { draft, form } = editor;
  const save = useSaveProfile();
  const [saved, setSaved] = useState(justCreated);
  const isCard = draft.kind === 'card';

  // The body as the editor builds it (texts trimmed, empty ones null), once the contract passes.
  const send = editor.onSubmit((_body, values) =>
    save.mutate(
      { id, body: inputOf(values) },
      {
        onSuccess: (profile) => {
          notify('success', t('editor.savedToast', { name: profile.name }));
          if (id) setSaved(true);
          else void navigate(`${base}/${profile.id}`, { replace: true, state: { created: true } });
        },
        onError: editor.setServerError,
      },
    ),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setSaved(false);
    send(event);
  };

  const failure = editor.generalError;
  const errorCount = Object.keys(form.errors).length;
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
    <form onSubmit={submit} noValidate aria-label={t(isCard ? 'editor.cardForm' : 'editor.tagForm')} data-testid="profile-form">
      <Stack gap="md">
        <TeamCardNotice lock={lock} />
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
        {/* The alerts keep their own slot in the stack, empty or not, so the spacing of the sections is the same. */}
        <div>
          <EditorAlerts failure={save.error} generalError={editor.generalError} errors={form.errors} />
        </div>
        <Section title={t('editor.images')}>
          <ProfileImages editor={editor} />
        </Section>
        <Section title={t(isCard ? 'editor.cardDetails' : 'editor.tagDetails')}>
          {isCard && id ? (
            <NameSplitCheck
              cardId={id}
              names={{ firstName: draft.card.firstName, lastName: draft.card.lastName }}
              onChoose={(names) => editor.setCard(names)}
            />
          ) : null}
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
