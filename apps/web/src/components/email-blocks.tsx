import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/lib/api-error-message';
import { CloudImagesModal } from '@/components/cloud-image-picker';
import { emailImageAddress } from '@/lib/api/email-image-address';

/** An address a button may point to: http(s), or a merge field that holds one (`{{profile_url}}`). */
const BUTTON_TARGET = /^(https?:\/\/\S+|\{\{\s*[A-Za-z_]+\s*\}\})$/;

/** A block's dialog: its fields in a form, Cancel and Insert. */
function BlockDialog(props: {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  busy?: boolean;
  submitTestId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('editor');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} closeButtonProps={{ 'aria-label': t('cancel') }}>
      <Stack
        component="form"
        gap="sm"
        onSubmit={(e) => {
          // The modal is portalled but React bubbles its submit to the template's own form: stop it here.
          e.preventDefault();
          e.stopPropagation();
          props.onSubmit();
        }}
      >
        {props.children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={props.busy ?? false} data-testid={props.submitTestId}>
            {t('insert')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The template editor's email blocks beside the text tools: an image from the cloud (its text for
 * people who cannot see it is required; the email links it at a public address that does not
 * expire) and a button (a link drawn as one, `<a class="button">`, styled by the email layout).
 */
export function EmailBlocks({ editor }: { editor: Editor | null }) {
  const { t } = useTranslation(['editor', 'admin']);
  const [picking, setPicking] = useState(false);
  const [fileId, setFileId] = useState<string | null>(null);
  const [alt, setAlt] = useState('');
  const [button, setButton] = useState<{ label: string; url: string } | null>(null);
  const [error, setError] = useState<{ field: 'alt' | 'label' | 'url'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const insertImage = async () => {
    if (!fileId || !editor) return;
    if (!alt.trim()) return setError({ field: 'alt', message: t('editor:altRequired') });
    setBusy(true);
    try {
      const { url } = await emailImageAddress(fileId);
      // The image, then a paragraph to go on writing in (a selected image would be replaced by what comes next).
      editor
        .chain()
        .focus()
        .insertContent([{ type: 'image', attrs: { src: url, alt: alt.trim() } }, { type: 'paragraph' }])
        .run();
      setFileId(null);
    } catch (e) {
      setError({ field: 'alt', message: apiErrorMessage(e, t) });
    } finally {
      setBusy(false);
    }
  };

  const insertButton = () => {
    if (!button || !editor) return;
    if (!button.label.trim()) return setError({ field: 'label', message: t('editor:buttonLabelRequired') });
    if (!BUTTON_TARGET.test(button.url.trim())) return setError({ field: 'url', message: t('editor:buttonUrlInvalid') });
    editor
      .chain()
      .focus()
      .insertContent({
        type: 'text',
        text: button.label.trim(),
        marks: [{ type: 'link', attrs: { href: button.url.trim(), class: 'button' } }],
      })
      .run();
    setButton(null);
  };

  return (
    <>
      <Button size="compact-sm" variant="default" onClick={() => setPicking(true)} data-testid="insert-image">
        {t('editor:image')}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => {
          setError(null);
          setButton({ label: '', url: 'https://' });
        }}
        data-testid="insert-button"
      >
        {t('editor:button')}
      </Button>
      <CloudImagesModal
        opened={picking}
        selected={null}
        onClose={() => setPicking(false)}
        onPick={(id) => {
          setPicking(false);
          setError(null);
          setAlt('');
          setFileId(id);
        }}
      />
      <BlockDialog
        opened={fileId !== null}
        title={t('editor:imageTitle')}
        onClose={() => setFileId(null)}
        onSubmit={() => void insertImage()}
        busy={busy}
        submitTestId="image-insert"
      >
        <TextInput
          label={t('editor:imageAlt')}
          description={t('editor:imageAltHint')}
          withAsterisk
          value={alt}
          onChange={(e) => setAlt(e.currentTarget.value)}
          error={error?.field === 'alt' ? error.message : undefined}
          maxLength={200}
          data-autofocus
          data-testid="image-alt"
        />
      </BlockDialog>
      <BlockDialog
        opened={button !== null}
        title={t('editor:buttonTitle')}
        onClose={() => setButton(null)}
        onSubmit={insertButton}
        submitTestId="button-insert"
      >
        <TextInput
          label={t('editor:buttonLabel')}
          withAsterisk
          value={button?.label ?? ''}
          onChange={(e) => {
            const label = e.currentTarget.value;
            setButton((b) => b && { ...b, label });
          }}
          error={error?.field === 'label' ? error.message : undefined}
          maxLength={80}
          data-autofocus
          data-testid="button-label"
        />
        <TextInput
          label={t('editor:buttonUrl')}
          description={t('editor:buttonUrlHint')}
          withAsterisk
          value={button?.url ?? ''}
          onChange={(e) => {
            const url = e.currentTarget.value;
            setButton((b) => b && { ...b, url });
          }}
          error={error?.field === 'url' ? error.message : undefined}
          data-testid="button-url"
        />
      </BlockDialog>
    </>
  );
}
