import type { FormEvent, ReactNode } from 'react';
import { Modal, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '@/lib/forms/use-contract-form';
import { ModalForm } from './modal-form';

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
      <ModalForm
        onSubmit={props.onSubmit}
        error={props.generalError}
        cancelLabel={t('cancel')}
        onCancel={props.onClose}
        submitLabel={props.submitLabel}
        submitColor={props.submitColor}
        submitDisabled={!props.ready}
        pending={props.pending}
        submitTestId={props.submitTestId}
      >
        {props.children}
        <Textarea
          {...props.reasonField}
          label={props.reasonLabel}
          description={props.reasonHint}
          rows={3}
          data-testid={props.reasonTestId}
        />
      </ModalForm>
    </Modal>
  );
}
