import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '@/lib/forms/use-contract-form';
import { FormGeneralError } from './form-general-error';

interface ReasonDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  /** The fields above the reason (an amount, a number of days…). */
  children?: ReactNode;
  /** The reason's input from the caller's form (`form.field('reason')`): its contract's marks and limits. */
  reasonField: FieldProps;
  reasonLabel: string;
  reasonHint?: string;
  reasonTestId: string;
  /** The form's error that belongs to no field, shown under the fields. */
  generalError: string | null;
  pending: boolean;
  /** Everything typed is valid: the submit button is enabled (the form checks again: Enter submits too). */
  ready: boolean;
  submitLabel: string;
  submitColor?: string;
  submitTestId: string;
  /** The form's `onSubmit`. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
}

/**
 * An administrator's change that needs a written reason (its length from the contract): the
 * fields, the reason, the error no field shows, then Cancel and the submit button. The caller's
 * `useContractForm` holds what was typed, which stays after an error.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { t } = useTranslation('admin');

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered data-testid={props.testId}>
      <form onSubmit={props.onSubmit} noValidate>
        <Stack gap="sm">
          {props.children}
          <Textarea
            {...props.reasonField}
            label={props.reasonLabel}
            description={props.reasonHint}
            rows={3}
            data-testid={props.reasonTestId}
          />
          <FormGeneralError error={props.generalError} />
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
