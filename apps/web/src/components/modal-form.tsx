import type { FormEventHandler, ReactNode } from 'react';
import { Button, Group, Stack, type MantineSpacing } from '@mantine/core';
import { FormGeneralError } from './form-general-error';

/**
 * A form in a modal, the one way: its fields, the error no field shows (announced), then Cancel and
 * the submit button (busy while saving). The caller's `useContractForm` holds what was typed, which
 * stays after an error.
 */
export function ModalForm({
  onSubmit,
  testId,
  gap = 'sm',
  error,
  errorTestId,
  cancelLabel,
  onCancel,
  submitLabel,
  submitColor,
  submitDisabled,
  pending,
  submitTestId,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  testId?: string;
  gap?: MantineSpacing;
  error: string | null | undefined;
  errorTestId?: string;
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  submitColor?: string;
  submitDisabled?: boolean;
  pending: boolean;
  submitTestId: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate data-testid={testId}>
      <Stack gap={gap}>
        {children}
        <FormGeneralError error={error} testId={errorTestId} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button type="submit" color={submitColor} loading={pending} disabled={submitDisabled} data-testid={submitTestId}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
