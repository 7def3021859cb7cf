import { Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  INVITED_ROLES,
  teamCardAssignBodySchema,
  teamMemberRemoveBodySchema,
  teamMemberUpdateBodySchema,
  type TeamCard,
  type TeamMember,
} from '@enlaza/contracts';
import { ModalForm } from '@/components/modal-form';
import { SelectField } from '@/components/select-field';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useAssignCard } from '../api/assign-card';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMember } from '../api/update-member';
import { useDialogItem } from './use-dialog-item';

/** A dialog that stays mounted while it closes (focus goes back to its button), with a fresh form at each opening. */
function TeamModal<T>({
  item,
  title,
  onClose,
  children,
}: {
  item: T | null;
  title: (shown: T) => string;
  onClose: () => void;
  children: (shown: T) => React.ReactNode;
}) {
  const { t } = useTranslation('teams');
  const { shown, session } = useDialogItem(item);
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={shown ? title(shown) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {shown ? <div key={session}>{children(shown)}</div> : null}
    </Modal>
  );
}

/** Role (not the owner's) and the job title the team keeps for a member. */
export function EditMemberDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const { t } = useTranslation('teams');
  return (
    <TeamModal item={member} title={(m) => t('members.editTitle', { name: m.name })} onClose={onClose}>
      {(m) => <EditMemberForm member={m} onClose={onClose} />}
    </TeamModal>
  );
}

function EditMemberForm({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const { t } = useTranslation('teams');
  const update = useUpdateMember();
  const owner = member.role === 'owner';
  const form = useContractForm(teamMemberUpdateBodySchema, {
    initialValues: { role: owner ? 'member' : member.role, jobTitle: member.jobTitle ?? '' },
    // The owner's role is not changed this way; an empty job title clears it.
    toBody: (values) => ({ ...(owner ? {} : { role: values.role }), jobTitle: values.jobTitle.trim() || null }),
  });
  const submit = form.onSubmit((body) =>
    update.mutate({ userId: member.userId, body }, { onSuccess: onClose, onError: form.setServerError }),
  );
  return (
    <ModalForm
      onSubmit={submit}
      testId="member-form"
      error={form.generalError}
      cancelLabel={t('cancel')}
      onCancel={onClose}
      submitLabel={t('members.save')}
      pending={update.isPending}
      submitTestId="member-save"
    >
      {owner ? (
        <Text size="sm">{t('members.ownerRole')}</Text>
      ) : (
        <SelectField
          label={t('members.role')}
          value={form.values.role}
          onChange={(role) => form.form.setFieldValue('role', role as (typeof INVITED_ROLES)[number])}
          error={form.errorOf('role')}
          data={INVITED_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          data-testid="member-role"
        />
      )}
      <TextInput {...form.field('jobTitle')} label={t('members.jobTitle')} data-autofocus data-testid="member-job-title" />
    </ModalForm>
  );
}

/** Removing a member: the team keeps their card (unassigned, still published) or retires it (offline). */
export function RemoveMemberDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const { t } = useTranslation('teams');
  return (
    <TeamModal item={member} title={(m) => t('members.removeTitle', { name: m.name })} onClose={onClose}>
      {(m) => <RemoveMemberForm member={m} onClose={onClose} />}
    </TeamModal>
  );
}

function RemoveMemberForm({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const { t } = useTranslation('teams');
  const remove = useRemoveMember();
  const form = useContractForm(teamMemberRemoveBodySchema, {
    initialValues: { card: 'keep' },
  });
  const submit = form.onSubmit((body) =>
    remove.mutate({ userId: member.userId, body }, { onSuccess: onClose, onError: form.setServerError }),
  );
  return (
    <ModalForm
      onSubmit={submit}
      testId="remove-member-form"
      gap="md"
      error={form.generalError}
      cancelLabel={t('cancel')}
      onCancel={onClose}
      submitLabel={t('members.removeConfirm')}
      submitColor="red"
      pending={remove.isPending}
      submitTestId="remove-member-confirm"
    >
      <Text size="sm">{t('members.removeBody', { name: member.name })}</Text>
      {member.card ? (
        <Radio.Group
          label={t('members.cardChoice')}
          value={form.values.card}
          onChange={(card) => form.form.setFieldValue('card', card)}
          error={form.errorOf('card')}
        >
          <Stack gap="sm" mt="xs">
            <Radio value="keep" label={t('members.keep')} description={t('members.keepHint')} data-autofocus data-testid="remove-keep" />
            <Radio value="retire" label={t('members.retire')} description={t('members.retireHint')} data-testid="remove-retire" />
          </Stack>
        </Radio.Group>
      ) : null}
    </ModalForm>
  );
}

/**
 * Hands a card the team keeps to a member: the same link and QR code, their name on it; a member who
 * had a team card gives it back to the team (unassigned).
 */
export function AssignCardDialog({ card, candidates, onClose }: { card: TeamCard | null; candidates: TeamMember[]; onClose: () => void }) {
  const { t } = useTranslation('teams');
  return (
    <TeamModal item={card} title={(c) => t('cards.assignTitle', { name: c.name })} onClose={onClose}>
      {(c) => <AssignCardForm card={c} candidates={candidates} onClose={onClose} />}
    </TeamModal>
  );
}

function AssignCardForm({ card, candidates, onClose }: { card: TeamCard; candidates: TeamMember[]; onClose: () => void }) {
  const { t } = useTranslation('teams');
  const assign = useAssignCard();
  const form = useContractForm(teamCardAssignBodySchema, {
    initialValues: { userId: candidates[0]?.userId ?? '' },
    messages: { userId: t('cards.pickMember') },
  });
  const submit = form.onSubmit(({ userId }) =>
    assign.mutate({ cardId: card.id, userId }, { onSuccess: onClose, onError: form.setServerError }),
  );
  return (
    <ModalForm
      onSubmit={submit}
      testId="assign-card-form"
      gap="md"
      error={form.generalError}
      cancelLabel={t('cancel')}
      onCancel={onClose}
      submitLabel={t('cards.assign')}
      submitDisabled={candidates.length === 0}
      pending={assign.isPending}
      submitTestId="assign-card-confirm"
    >
      <Text size="sm">{t('cards.assignBody')}</Text>
      {candidates.length === 0 ? (
        <Text size="sm" fw={500} data-testid="assign-card-nobody">
          {t('cards.nobody')}
        </Text>
      ) : (
        <SelectField
          label={t('cards.member')}
          description={t('cards.swapHint')}
          value={form.values.userId}
          onChange={(userId) => form.form.setFieldValue('userId', userId)}
          error={form.errorOf('userId')}
          data={candidates.map((m) => ({ value: m.userId, label: `${m.name} (${m.email})` }))}
          required
          data-testid="assign-card-member"
        />
      )}
    </ModalForm>
  );
}
