import { useRef } from 'react';
import { Alert, Button, Group, Menu, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MERGE_FIELD_NAMES, MERGE_FIELDS, templateInputSchema, type Template } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { FormGeneralError } from '@/components/form-general-error';
import { notify } from '@/components/notifications';
import { useLocale } from '@/components/use-locale';
import { EmailPreview } from '@/components/email-preview';
import { RichTextEditor } from '@/components/rich-text-editor';
import { ApiError } from '@/lib/api-error';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useSaveTemplate } from '../api/save-template';
import { useSendTest } from '../api/send-test';
import { useTemplatePreview } from './use-template-preview';

/**
 * Create or edit a template: name, subject (with its own field menu), body in the rich-text editor;
 * a live preview rendered by the server (debounced) in a sandboxed frame, with its text part.
 */
export function TemplateEditor({
  template,
  onSaved,
  onClose,
}: {
  template: Template | null;
  onSaved: (t: Template) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['templates', 'editor', 'admin']);
  const form = useContractForm(templateInputSchema, {
    initialValues: { name: template?.name ?? '', subject: template?.subject ?? '', bodyHtml: template?.bodyHtml ?? '' },
  });
  const draft = form.values;
  const save = useSaveTemplate();
  const sendTest = useSendTest();
  const subjectRef = useRef<HTMLInputElement>(null);
  const dirty = !template || draft.name !== template.name || draft.subject !== template.subject || draft.bodyHtml !== template.bodyHtml;

  const insertInSubject = (field: string) => {
    const input = subjectRef.current;
    const at = input?.selectionStart ?? draft.subject.length;
    const end = input?.selectionEnd ?? at;
    form.form.setFieldValue('subject', (subject) => `${subject.slice(0, at)}{{${field}}}${subject.slice(end)}`);
    requestAnimationFrame(() => input?.focus());
  };

  // An unknown merge field: the server names it (and the known ones) for the whole template.
  const unknownField = save.error instanceof ApiError && save.error.code === 'template.unknown_field';
  const submit = form.onSubmit((input) =>
    save.mutate(
      { id: template?.id ?? null, input },
      {
        onSuccess: (saved) => {
          notify('success', t('saved', { name: saved.name }));
          onSaved(saved);
        },
        onError: (error) => {
          form.setServerError(error);
          if (error instanceof ApiError && error.code === 'template.unknown_field') form.setGeneralError(error.serverMessage ?? null);
        },
      },
    ),
  );

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-labelledby="template-editor-title">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h3" id="template-editor-title">
              {template ? t('editTitle', { name: template.name }) : t('newTitle')}
            </Title>
            <Button variant="subtle" onClick={onClose}>
              {t('close')}
            </Button>
          </Group>
          <FormGeneralError error={form.generalError} testId={unknownField ? 'template-error' : undefined} />
          <TextInput {...form.field('name')} label={t('name')} data-testid="template-name" />
          <TextInput
            {...form.field('subject')}
            ref={subjectRef}
            label={t('subject')}
            data-testid="template-subject"
            rightSectionWidth={130}
            rightSection={<MergeFieldMenu label={t('subjectField')} onPick={insertInSubject} />}
          />
          <RichTextEditor
            label={t('body')}
            value={draft.bodyHtml}
            onChange={(bodyHtml) => form.form.setFieldValue('bodyHtml', bodyHtml)}
            error={form.errorOf('bodyHtml')}
            mergeFields
            minHeight={220}
            testId="template-body"
          />
          <Group gap="sm" wrap="wrap">
            <Button type="submit" loading={save.isPending} data-testid="template-save">
              {t('save')}
            </Button>
            <Button
              variant="light"
              disabled={!template || dirty}
              loading={sendTest.isPending}
              data-testid="template-test"
              onClick={() =>
                template &&
                sendTest.mutate(template.id, {
                  onSuccess: ({ to }) => notify('success', t('testSent', { to })),
                  onError: (error) => notify('error', apiErrorMessage(error, t)),
                })
              }
            >
              {t('sendTest')}
            </Button>
            {template && dirty ? (
              <Text size="sm" c="dimmed">
                {t('saveBeforeTest')}
              </Text>
            ) : null}
          </Group>
        </Stack>
      </form>
      <TemplatePreview subject={draft.subject} bodyHtml={draft.bodyHtml} />
    </Paper>
  );
}

/** The merge fields, as the user's language names them (every language's names work in any template). */
function MergeFieldMenu({ label, onPick }: { label: string; onPick: (name: string) => void }) {
  const { t } = useTranslation('editor');
  const names = MERGE_FIELD_NAMES[useLocale()];
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button size="compact-xs" variant="default" aria-label={t('insertFieldInto', { field: label })}>
          {t('insertField')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {MERGE_FIELDS.map((field) => (
          <Menu.Item key={field} onClick={() => onPick(names[field])}>
            {t(`fields.${field}`)} <code>{`{{${names[field]}}}`}</code>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The draft as the server renders it (debounced), in a sandboxed frame with its text part. */
function TemplatePreview({ subject, bodyHtml }: { subject: string; bodyHtml: string }) {
  const { t } = useTranslation(['templates', 'admin']);
  const preview = useTemplatePreview(subject, bodyHtml, t);
  return (
    <Stack gap="xs" mt="lg">
      <Title order={3} size="h4">
        {t('preview')}
      </Title>
      {preview.error ? (
        <Alert color="red" role="alert">
          {preview.error}
        </Alert>
      ) : preview.data ? (
        <EmailPreview subject={preview.data.subject} html={preview.data.html} text={preview.data.text} testId="template-preview" />
      ) : (
        <Text size="sm" c="dimmed" aria-busy="true">
          {t('previewLoading')}
        </Text>
      )}
    </Stack>
  );
}
