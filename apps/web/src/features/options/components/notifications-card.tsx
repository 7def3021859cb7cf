import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_KINDS, type UserOptions } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useUpdateNotifications, type NotificationKind } from '../api/update-notifications';

/** Which notifications also arrive by email (one checkbox per kind). */
export function NotificationsCard({ options }: { options: UserOptions }) {
  const { t } = useTranslation('options');
  const mutation = useUpdateNotifications();
  const [selected, setSelected] = useState<NotificationKind[]>(options.notificationEmails);
  const [saved, setSaved] = useState(false);
  const dirty =
    selected.length !== options.notificationEmails.length || selected.some((kind) => !options.notificationEmails.includes(kind));

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="options-notifications">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="options-notifications-title">
            {t('notifications.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('notifications.intro')}
          </Text>
        </div>
        {saved && !dirty ? (
          <Alert color="teal" role="status" data-testid="options-notifications-saved">
            {t('notifications.saved')}
          </Alert>
        ) : null}
        {mutation.isError ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(mutation.error, t)}
          </Alert>
        ) : null}
        <Checkbox.Group
          value={selected}
          onChange={(value) => {
            setSaved(false);
            setSelected(NOTIFICATION_KINDS.filter((kind) => value.includes(kind)));
          }}
          aria-labelledby="options-notifications-title"
        >
          <Stack gap="sm">
            {NOTIFICATION_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                value={kind}
                label={t(`notifications.kinds.${kind}.label`)}
                description={t(`notifications.kinds.${kind}.description`)}
                data-testid={`options-notify-${kind}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button
            loading={mutation.isPending}
            disabled={!dirty}
            onClick={() => mutation.mutate(selected, { onSuccess: () => setSaved(true) })}
            data-testid="options-notifications-save"
          >
            {t('notifications.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
