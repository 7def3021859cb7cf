import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that changes nothing ("Cancel" unless said: where the action itself is a cancellation, say what staying means). */
  cancelLabel?: string;
  /** Red confirm button for actions that take something away (suspend, disable). */
  danger?: boolean;
  loading?: boolean;
  /** The last failure's message, shown inside the dialog. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" before an admin action; focus starts on Cancel. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger,
  loading,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack gap="md" data-testid="confirm-dialog">
        <Text size="sm">{children}</Text>
        {error ? (
          <Text size="sm" c="red" role="alert" data-testid="confirm-error">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} data-autofocus data-testid="confirm-dismiss">
            {cancelLabel ?? t('cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={loading} onClick={onConfirm} data-testid="confirm-submit">
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
