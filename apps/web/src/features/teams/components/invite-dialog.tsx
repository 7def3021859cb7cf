import { Modal, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INVITED_ROLES, teamInvitationBodySchema } from '@enlaza/contracts';
import { ModalForm } from '@/components/modal-form';
import { SelectField } from '@/components/select-field';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { PhoneInput } from '@/lib/phone-input';
import { useInvite } from '../api/invite';
import { useDialogItem } from './use-dialog-item';

/** The roles an invitation gives, for a select. */
export function useInvitedRoleOptions() {
  const { t } = useTranslation('teams');
  return INVITED_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
}

/** Invite one person by email: their name, job title and phone fill their card when they accept. */
export function InviteDialog({ opened, onClose, onInvited }: { opened: boolean; onClose: () => void; onInvited: (email: string) => void }) {
  const { t } = useTranslation('teams');
  const { shown, session } = useDialogItem(opened ? true : null);
  return (
    <Modal opened={opened} onClose={onClose} title={t('invite.title')} centered size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      {shown ? (
        <InviteForm
          key={session}
          onClose={onClose}
          onInvited={(email) => {
            onInvited(email);
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}

function InviteForm({ onClose, onInvited }: { onClose: () => void; onInvited: (email: string) => void }) {
  const { t } = useTranslation('teams');
  const invite = useInvite();
  const roles = useInvitedRoleOptions();
  const form = useContractForm(teamInvitationBodySchema, {
    initialValues: { email: '', name: '', jobTitle: '', phone: null as string | null, role: 'member' },
    toBody: (values) => ({ ...values, jobTitle: values.jobTitle.trim() || null }),
    messages: { email: t('invite.errors.email'), name: t('invite.errors.name') },
    // An address already invited or in the team is a refusal of the address.
    fieldOfError: (error) => (error.code === 'team.invitation_pending' || error.code === 'team.email_is_member' ? 'email' : undefined),
  });
  const submit = form.onSubmit((body) => invite.mutate(body, { onSuccess: (made) => onInvited(made.email), onError: form.setServerError }));
  return (
    <ModalForm
      onSubmit={submit}
      testId="invite-form"
      error={form.generalError}
      cancelLabel={t('cancel')}
      onCancel={onClose}
      submitLabel={t('invite.send')}
      pending={invite.isPending}
      submitTestId="invite-send"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput {...form.field('name')} label={t('invite.name')} autoComplete="off" data-autofocus data-testid="invite-name" />
        <TextInput {...form.field('email')} type="email" label={t('invite.email')} autoComplete="off" data-testid="invite-email" />
        <TextInput {...form.field('jobTitle')} label={t('invite.jobTitle')} data-testid="invite-job-title" />
        <PhoneInput
          label={t('invite.phone')}
          value={form.values.phone}
          onChange={(phone) => form.form.setFieldValue('phone', phone)}
          error={form.errorOf('phone')}
        />
      </SimpleGrid>
      <SelectField
        label={t('invite.role')}
        description={t('invite.roleHint')}
        value={form.values.role}
        onChange={(role) => form.form.setFieldValue('role', role)}
        error={form.errorOf('role')}
        data={roles}
        data-testid="invite-role"
      />
    </ModalForm>
  );
}
