import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error';
import { apiErrorMessage } from './api-error-message';

/** The server's errors by field (`{}` when the error is not a 422 with fields). */
export const fieldErrorsOf = (error: unknown): Record<string, string[]> => (error instanceof ApiError ? (error.fieldErrors ?? {}) : {});

interface ReasonDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  /** The fields above the reason (an amount, a number of days…). */
  children?: ReactNode;
  reason: string;
  onReasonChange: (reason: string) => void;
  reasonLabel: string;
  reasonHint?: string;
  reasonTestId: string;
  /** The failed call, if any: shown under the fields unless it names a field shown there. */
  error: unknown;
  /** The fields of `children` that show their own server error (the reason's is always shown by it). */
  errorFields: string[];
  pending: boolean;
  /** Everything typed is valid: the submit button is enabled (`onSubmit` checks again: Enter submits too). */
  ready: boolean;
  submitLabel: string;
  submitColor?: string;
  submitTestId: string;
  onSubmit: () => void;
}

/**
 * An administrator's change that needs a written reason (3 to 500 characters): the fields, the
 * reason, the server's error, then Cancel and the submit button. What was typed stays after an error.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { t } = useTranslation('admin');
  const fields = fieldErrorsOf(props.error);
  const fieldError = ['reason', ...props.errorFields].some((field) => fields[field]);

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered data-testid={props.testId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        <Stack gap="sm">
          {props.children}
          <Textarea
            label={props.reasonLabel}
            description={props.reasonHint}
            required
            minLength={3}
            maxLength={500}
            rows={3}
            value={props.reason}
            onChange={(e) => props.onReasonChange(e.currentTarget.value)}
            error={fields.reason?.[0]}
            data-testid={props.reasonTestId}
          />
          {props.error && !fieldError ? (
            <Alert color="red" role="alert">
              {apiErrorMessage(props.error, t)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              {t('cancel')}
            </Button>
            <Button
              type="submit"
              color={props.submitColor}
              loading={props.pending}
              disabled={!props.ready}
              data-testid={props.submitTestId}
            >
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
