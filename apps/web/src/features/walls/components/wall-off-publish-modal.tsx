import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WallPost } from '@enlaza/contracts';

/**
 * Publishing on a wall that is switched off: visitors would not see the post. Offers to switch the
 * wall on in the same step (the publish call does both), or to publish it for later.
 */
export function WallOffPublishModal({
  post,
  profileName,
  busy,
  onPublish,
  onClose,
}: {
  post: WallPost;
  profileName: string;
  busy: boolean;
  onPublish: (switchWallOn: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('walls');
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('wallOffPublish.title', { title: post.title })}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="md" data-testid="wall-off-publish">
        <Text>{t('wallOffPublish.body', { name: profileName })}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="subtle" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button variant="default" onClick={() => onPublish(false)} disabled={busy} data-testid="wall-off-publish-only">
            {t('wallOffPublish.publishOnly')}
          </Button>
          <Button onClick={() => onPublish(true)} loading={busy} data-testid="wall-off-publish-and-switch">
            {t('wallOffPublish.switchAndPublish')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
