import { useState } from 'react';
import { Alert, Checkbox, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WallPost } from '@enlaza/contracts';
import { apiErrorMessage } from '@/components/api-error-message';
import { CloudImagePicker } from '@/components/cloud-image-picker';
import { notify } from '@/components/notifications';
import { RichTextEditor } from '@/components/rich-text-editor';
import { ApiError } from '@/lib/api-error';
import { useWallPostAction } from '../api/walls';
import { ModalFormFooter } from '@/components/modal-form-footer';

const first = (error: unknown, field: string) => (error instanceof ApiError ? error.fieldErrors?.[field]?.[0] : undefined);
const PLACED = ['title', 'bodyHtml', 'imageFileId', 'linkUrl', 'pinned'];

/** Write or edit a post: title, rich text, an image from the cloud, a link, pinned. Saving keeps its publication state. */
export function PostEditor({
  profileId,
  post,
  opened,
  onClose,
}: {
  profileId: string;
  post: WallPost | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['walls', 'admin']);
  const [draft, setDraft] = useState({
    title: post?.title ?? '',
    bodyHtml: post?.bodyHtml ?? '',
    imageFileId: post?.imageFileId ?? null,
    linkUrl: post?.linkUrl ?? '',
    pinned: post?.pinned ?? false,
  });
  const save = useWallPostAction();
  const fieldErrors = save.error instanceof ApiError ? save.error.fieldErrors : undefined;
  const general =
    save.error && !(fieldErrors && Object.keys(fieldErrors).every((k) => PLACED.includes(k))) ? apiErrorMessage(save.error, t) : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: post?.id ?? null, action: { type: 'save', input: { profileId, ...draft, linkUrl: draft.linkUrl.trim() || null } } },
      {
        onSuccess: (saved) => {
          notify('success', t('saved', { title: saved.title }));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={post ? t('editTitle') : t('newTitle')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {general ? (
            <Alert color="red" role="alert">
              {general}
            </Alert>
          ) : null}
          <TextInput
            label={t('postTitle')}
            required
            maxLength={160}
            value={draft.title}
            onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
            error={first(save.error, 'title')}
            data-autofocus
            data-testid="post-title"
          />
          <RichTextEditor
            label={t('body')}
            value={draft.bodyHtml}
            onChange={(bodyHtml) => setDraft((d) => ({ ...d, bodyHtml }))}
            error={first(save.error, 'bodyHtml')}
            testId="post-body"
          />
          <CloudImagePicker
            label={t('image')}
            value={draft.imageFileId}
            onChange={(imageFileId) => setDraft({ ...draft, imageFileId })}
            error={first(save.error, 'imageFileId')}
            aspect="wide"
          />
          <TextInput
            label={t('link')}
            placeholder="example.com"
            maxLength={500}
            value={draft.linkUrl}
            onChange={(e) => setDraft({ ...draft, linkUrl: e.currentTarget.value })}
            error={first(save.error, 'linkUrl')}
            data-testid="post-link"
          />
          <Checkbox label={t('pinned')} checked={draft.pinned} onChange={(e) => setDraft({ ...draft, pinned: e.currentTarget.checked })} />
          <ModalFormFooter
            cancelLabel={t('cancel')}
            onCancel={onClose}
            submitLabel={t('save')}
            pending={save.isPending}
            submitTestId="post-save"
          />
        </Stack>
      </form>
    </Modal>
  );
}
