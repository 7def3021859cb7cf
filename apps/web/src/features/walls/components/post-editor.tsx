import { Checkbox, Modal, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { wallPostInputSchema, type WallPost } from '@enlaza/contracts';
import { CloudImagePicker } from '@/components/cloud-image-picker';
import { notify } from '@/components/notifications';
import { RichTextEditor } from '@/components/rich-text-editor';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useWallPostAction } from '../api/wall-post-action';
import { ModalForm } from '@/components/modal-form';

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
  const save = useWallPostAction();
  const form = useContractForm(wallPostInputSchema, {
    initialValues: {
      title: post?.title ?? '',
      bodyHtml: post?.bodyHtml ?? '',
      imageFileId: post?.imageFileId ?? null,
      linkUrl: post?.linkUrl ?? '',
      pinned: post?.pinned ?? false,
    },
    toBody: (values) => ({ profileId, ...values, linkUrl: values.linkUrl.trim() || null }),
  });

  const submit = form.onSubmit((input) =>
    save.mutate(
      { id: post?.id ?? null, action: { type: 'save', input } },
      {
        onSuccess: (saved) => {
          notify('success', t('saved', { title: saved.title }));
          onClose();
        },
        onError: form.setServerError,
      },
    ),
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={post ? t('editTitle') : t('newTitle')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <ModalForm
        onSubmit={submit}
        gap="md"
        error={form.generalError}
        cancelLabel={t('cancel')}
        onCancel={onClose}
        submitLabel={t('save')}
        pending={save.isPending}
        submitTestId="post-save"
      >
        <TextInput {...form.field('title')} label={t('postTitle')} data-autofocus data-testid="post-title" />
        <RichTextEditor
          label={t('body')}
          value={form.values.bodyHtml}
          onChange={(bodyHtml) => form.form.setFieldValue('bodyHtml', bodyHtml)}
          error={form.errorOf('bodyHtml')}
          testId="post-body"
        />
        <CloudImagePicker
          label={t('image')}
          value={form.values.imageFileId}
          onChange={(imageFileId) => form.form.setFieldValue('imageFileId', imageFileId)}
          error={form.errorOf('imageFileId')}
          aspect="wide"
        />
        <TextInput {...form.field('linkUrl')} label={t('link')} placeholder="example.com" data-testid="post-link" />
        <Checkbox {...form.field('pinned', { type: 'checkbox' })} label={t('pinned')} />
      </ModalForm>
    </Modal>
  );
}
