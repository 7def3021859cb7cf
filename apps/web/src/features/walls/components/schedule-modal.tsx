import { useState } from 'react';
import { Modal, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { wallPostScheduleBodySchema, type WallPost } from '@enlaza/contracts';
import { notify } from '@/components/notifications';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { isoToZoned, zonedToIso } from '@/lib/zoned-time';
import { useWallPostAction } from '../api/wall-post-action';
import { ModalForm } from '@/components/modal-form';

/** Publish a post at a date and time of the user's time zone (Preferences; the browser's when none is set). */
export function ScheduleModal({ post, timeZone, onClose }: { post: WallPost; timeZone: string | undefined; onClose: () => void }) {
  const { t } = useTranslation(['walls', 'admin']);
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [initial] = useState(() => isoToZoned(post.scheduledAt ?? new Date(Date.now() + 3_600_000).toISOString(), zone));
  const action = useWallPostAction();
  const form = useContractForm(wallPostScheduleBodySchema, {
    initialValues: { local: initial },
    // The date and time typed, in the user's zone, is sent as the instant it names.
    toBody: ({ local }) => ({ action: 'schedule', at: zonedToIso(local, zone) }),
    fieldOf: { at: 'local' },
  });

  const submit = form.onSubmit((body) =>
    action.mutate(
      { id: post.id, action: { type: 'publish', body } },
      {
        onSuccess: () => {
          notify('success', t('scheduledDone', { title: post.title }));
          onClose();
        },
        onError: form.setServerError,
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title={t('scheduleTitle', { title: post.title })} closeButtonProps={{ 'aria-label': t('close') }}>
      <ModalForm
        onSubmit={submit}
        gap="md"
        error={form.generalError}
        cancelLabel={t('cancel')}
        onCancel={onClose}
        submitLabel={t('schedule')}
        pending={action.isPending}
        submitTestId="post-schedule-save"
      >
        <TextInput
          {...form.field('local')}
          // The contract's `at`, typed as a date and time.
          required
          type="datetime-local"
          label={t('when')}
          data-autofocus
          data-testid="post-schedule-at"
        />
        <Text size="sm" c="dimmed">
          {t('timeZone', { zone })}
        </Text>
      </ModalForm>
    </Modal>
  );
}
