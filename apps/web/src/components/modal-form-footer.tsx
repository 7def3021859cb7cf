import type { ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';

/**
 * The end of a form in a modal: the server's error when there is one (announced), then Cancel and
 * the submit button (busy while saving).
 */
export function ModalFormFooter({
  error,
  errorTestId,
  cancelLabel,
  onCancel,
  submitLabel,
  pending,
  submitTestId,
}: {
  error?: ReactNode;
  errorTestId?: string;
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  submitTestId: string;
}) {
  return (
    <>
      {error ? (
        <Text size="sm" c="red" role="alert" data-testid={errorTestId}>
          {error}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" loading={pending} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
