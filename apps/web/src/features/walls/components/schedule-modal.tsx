import { useState } from 'react';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WallPost } from '@enlaza/contracts';
import { apiErrorMessage } from '@/components/api-error-message';
import { notify } from '@/components/notifications';
import { ApiError } from '@/lib/api-error';
import { isoToZoned, zonedToIso } from '@/lib/zoned-time';
import { useWallPostAction } from '../api/walls';
import { ModalFormFooter } from '@/components/modal-form-footer';

/** Publish a post at a date and time of the user's time zone (Preferences; the browser's when none is set). */
export function ScheduleModal({ post, timeZone, onClose }: { post: WallPost; timeZone: string | undefined; onClose: () => void }) {
  const { t } = useTranslation(['walls', 'admin']);
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [local, setLocal] = useState(() => isoToZoned(post.scheduledAt ?? new Date(Date.now() + 3_600_000).toISOString(), zone));
  const action = useWallPostAction();
  const error =
    action.error instanceof ApiError
      ? (action.error.fieldErrors?.at?.[0] ?? apiErrorMessage(action.error, t))
      : action.error
        ? apiErrorMessage(action.error, t)
        : undefined;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const at = zonedToIso(local, zone);
    if (!at) return;
    action.mutate(
      { id: post.id, action: { type: 'publish', body: { action: 'schedule', at } } },
      {
        onSuccess: () => {
          notify('success', t('scheduledDone', { title: post.title }));
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('scheduleTitle', { title: post.title })} closeButtonProps={{ 'aria-label': t('close') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            type="datetime-local"
            label={t('when')}
            required
            value={local}
            onChange={(e) => setLocal(e.currentTarget.value)}
            error={error}
            data-autofocus
            data-testid="post-schedule-at"
          />
          <Text size="sm" c="dimmed">
            {t('timeZone', { zone })}
          </Text>
          <ModalFormFooter
            cancelLabel={t('cancel')}
            onCancel={onClose}
            submitLabel={t('schedule')}
            pending={action.isPending}
            submitTestId="post-schedule-save"
          />
        </Stack>
      </form>
    </Modal>
  );
}
