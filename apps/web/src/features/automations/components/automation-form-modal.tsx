import { Modal, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { automationBodySchema, type Automation, type AutomationTrigger } from '@enlaza/contracts';
import { ModalForm } from '@/components/modal-form';
import { SelectField } from '@/components/select-field';
import { useAudienceSources } from '@/lib/api/get-audience-sources';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useSaveAutomation } from '../api/save-automation';

type Kind = AutomationTrigger['kind'];
const KINDS: Kind[] = ['consented', 'lost_found', 'list_added'];
type Values = { name: string; kind: Kind; profileId: string; listId: string };

const valuesOf = (automation: Automation | null): Values => {
  const trigger = automation?.trigger;
  return {
    name: automation?.name ?? '',
    kind: trigger?.kind ?? 'consented',
    profileId: trigger && trigger.kind !== 'list_added' ? (trigger.profileId ?? '') : '',
    listId: trigger?.kind === 'list_added' ? trigger.listId : '',
  };
};

/** The body the contract checks: "any card or tag" is a null profile; a list is required. */
const toBody = ({ name, kind, profileId, listId }: Values) => ({
  name,
  trigger: kind === 'list_added' ? { kind, listId } : { kind, profileId: profileId || null },
});

/**
 * A new automation (a draft), or the name and trigger of one: what starts it (a visitor's consent,
 * a lost tag found, a contact added to a list) and, for the first two, on which card or tag (any by
 * default); for a list, which one. The cards, tags and lists are the campaign audience picker's.
 */
export function AutomationFormModal({
  opened,
  automation,
  onClose,
  onSaved,
}: {
  opened: boolean;
  /** null: a new one. */
  automation: Automation | null;
  onClose: () => void;
  onSaved: (automation: Automation) => void;
}) {
  const { t } = useTranslation(['automations', 'admin']);
  const sources = useAudienceSources();
  const save = useSaveAutomation();
  const form = useContractForm(automationBodySchema, {
    initialValues: valuesOf(automation),
    toBody,
    fieldOf: { 'trigger.kind': 'kind', 'trigger.profileId': 'profileId', 'trigger.listId': 'listId' },
    messages: { listId: t('form.listRequired') },
  });
  const { kind, profileId, listId } = form.values;

  const close = () => {
    save.reset();
    form.form.setValues(valuesOf(automation));
    form.form.clearErrors();
    form.setGeneralError(null);
    onClose();
  };
  const submit = form.onSubmit((body) =>
    save.mutate(
      { id: automation?.id ?? null, body },
      {
        onSuccess: (saved) => {
          // Opened again, it shows the saved values (a new one: an empty form).
          form.form.setValues(valuesOf(automation ? saved : null));
          save.reset();
          onSaved(saved);
        },
        onError: form.setServerError,
      },
    ),
  );

  // Lost mode is a tag's: only tags are offered for a found tag.
  const profiles = (sources.data?.profiles ?? []).filter((p) => kind === 'consented' || p.kind === 'tag');
  const lists = sources.data?.lists ?? [];

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={automation ? t('form.editTitle') : t('form.newTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('admin:close') }}
    >
      <ModalForm
        onSubmit={submit}
        testId="automation-form"
        error={form.generalError}
        errorTestId="automation-form-error"
        cancelLabel={t('form.cancel')}
        onCancel={close}
        submitLabel={automation ? t('form.save') : t('form.create')}
        pending={save.isPending}
        submitTestId="automation-form-submit"
      >
        <TextInput {...form.field('name')} label={t('form.name')} autoComplete="off" data-autofocus data-testid="automation-name" />
        <SelectField
          label={t('form.kind')}
          value={kind}
          onChange={(next) => {
            form.form.setFieldValue('kind', next as Kind);
            form.form.setFieldValue('profileId', '');
          }}
          data={KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          error={form.errorOf('kind')}
          data-testid="automation-kind"
        />
        {kind === 'list_added' ? (
          <SelectField
            label={t('form.list')}
            value={listId}
            onChange={(next) => form.form.setFieldValue('listId', next)}
            data={[{ value: '', label: t('form.pickList') }, ...lists.map((l) => ({ value: l.id, label: l.name }))]}
            required
            description={sources.data && lists.length === 0 ? t('form.noLists') : undefined}
            error={form.errorOf('listId')}
            data-testid="automation-list"
          />
        ) : (
          <SelectField
            label={kind === 'consented' ? t('form.profile') : t('form.tag')}
            value={profileId}
            onChange={(next) => form.form.setFieldValue('profileId', next)}
            data={[
              { value: '', label: kind === 'consented' ? t('form.anyProfile') : t('form.anyTag') },
              ...profiles.map((p) => ({
                value: p.id,
                label: t(p.kind === 'card' ? 'form.cardOption' : 'form.tagOption', { name: p.name }),
              })),
            ]}
            error={form.errorOf('profileId')}
            data-testid="automation-profile"
          />
        )}
      </ModalForm>
    </Modal>
  );
}
