import { Group, Modal, NumberInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  automationStepBodySchema,
  MAX_STEP_DELAY_MINUTES,
  STEP_CONDITIONS,
  type Automation,
  type AutomationStep,
  type StepCondition,
} from '@enlaza/contracts';
import { ModalForm } from '@/components/modal-form';
import { SelectField } from '@/components/select-field';
import { useSegments } from '@/lib/api/get-segments';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useTemplateOptions } from '../api/get-template-options';
import { useSaveStep } from '../api/save-step';
import { DELAY_UNITS, MINUTES_IN, splitDelay, type DelayUnit } from './delay';
import { useDelayText } from './delay-text';

/** `segmentId` '' is everyone. */
type Values = { templateId: string; amount: number | string; unit: DelayUnit; condition: StepCondition; segmentId: string };

const valuesOf = (step: AutomationStep | null, first: boolean): Values => {
  // A new first step goes at once; a later one a day after the previous, a common start.
  const { amount, unit } = step
    ? splitDelay(step.delayMinutes)
    : first
      ? { amount: 0, unit: 'days' as const }
      : { amount: 1, unit: 'days' as const };
  return { templateId: step?.templateId ?? '', amount, unit, condition: step?.condition ?? 'always', segmentId: step?.segmentId ?? '' };
};

/** The delay typed, in minutes (undefined when the box is empty: "required"). */
const minutesOf = ({ amount, unit }: Values) => (amount === '' ? undefined : Number(amount) * MINUTES_IN[unit]);

/**
 * A step added at the end, or one edited: the template it sends, how long after the previous step
 * (the first: after the trigger) as a number and a unit, stored in minutes, the condition on the
 * previous step (not asked for the first, which has none), and optionally a segment: only its people
 * get the step (the others skip it).
 */
export function StepFormModal({
  automation,
  step,
  position,
  onClose,
  onSaved,
}: {
  automation: Automation;
  /** null: a new step, at `position`. */
  step: AutomationStep | null;
  /** 1-based, as shown. */
  position: number;
  onClose: () => void;
  onSaved: (automation: Automation) => void;
}) {
  const { t } = useTranslation(['automations', 'admin']);
  const first = position === 1;
  const templates = useTemplateOptions();
  const segments = useSegments();
  const save = useSaveStep();
  const delayText = useDelayText();
  const form = useContractForm(automationStepBodySchema, {
    initialValues: valuesOf(step, first),
    toBody: (values: Values) => ({
      templateId: values.templateId,
      delayMinutes: minutesOf(values),
      condition: first ? 'always' : values.condition,
      segmentId: values.segmentId || null,
    }),
    fieldOf: { delayMinutes: 'amount' },
    messages: {
      templateId: t('stepForm.templateRequired'),
      amount: (issue, value) =>
        value === undefined ? undefined : issue.code === 'too_big' ? t('stepForm.delayMax') : t('stepForm.delayWhole'),
    },
  });
  const minutes = minutesOf(form.values);
  const valid = minutes !== undefined && Number.isInteger(minutes) && minutes >= 0 && minutes <= MAX_STEP_DELAY_MINUTES;

  const submit = form.onSubmit((body) =>
    save.mutate({ automationId: automation.id, stepId: step?.id ?? null, body }, { onSuccess: onSaved, onError: form.setServerError }),
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={step ? t('stepForm.editTitle', { n: position }) : t('stepForm.addTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('admin:close') }}
    >
      <ModalForm
        onSubmit={submit}
        testId="step-form"
        error={form.generalError}
        errorTestId="step-form-error"
        cancelLabel={t('stepForm.cancel')}
        onCancel={onClose}
        submitLabel={step ? t('stepForm.save') : t('stepForm.add')}
        pending={save.isPending}
        submitTestId="step-form-submit"
      >
        <SelectField
          label={t('stepForm.template')}
          value={form.values.templateId}
          onChange={(next) => form.form.setFieldValue('templateId', next)}
          data={[
            { value: '', label: t('stepForm.pickTemplate') },
            ...(templates.data ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name })),
          ]}
          required
          description={templates.data && templates.data.length === 0 ? t('stepForm.noTemplates') : undefined}
          error={form.errorOf('templateId')}
          data-testid="step-template"
        />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NumberInput
            {...form.field('amount')}
            label={t('stepForm.delay')}
            description={first ? t('stepForm.delayFirst') : t('stepForm.delayNext')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            required
            style={{ flex: '1 1 10rem' }}
            data-testid="step-delay"
          />
          <SelectField
            label={t('stepForm.unit')}
            value={form.values.unit}
            onChange={(next) => form.form.setFieldValue('unit', next as DelayUnit)}
            data={DELAY_UNITS.map((u) => ({ value: u, label: t(`stepForm.units.${u}`) }))}
            style={{ flex: '1 1 8rem' }}
            data-testid="step-unit"
          />
        </Group>
        {valid ? (
          <Text size="sm" c="dimmed" data-testid="step-delay-preview">
            {t('stepForm.preview', { delay: delayText(minutes) })}
          </Text>
        ) : null}
        {first ? null : (
          <SelectField
            label={t('stepForm.condition')}
            value={form.values.condition}
            onChange={(next) => form.form.setFieldValue('condition', next as StepCondition)}
            data={STEP_CONDITIONS.map((c) => ({ value: c, label: t(`conditions.${c}`) }))}
            error={form.errorOf('condition')}
            data-testid="step-condition"
          />
        )}
        <SelectField
          label={t('stepForm.segment')}
          description={
            segments.data && segments.data.length === 0
              ? t('stepForm.noSegments')
              : segments.isError
                ? t('stepForm.segmentsError')
                : t('stepForm.segmentHint')
          }
          value={form.values.segmentId}
          onChange={(next) => form.form.setFieldValue('segmentId', next)}
          data={[
            { value: '', label: t('stepForm.everyone') },
            // The step's segment stays listed while the list loads.
            ...(segments.data ?? (step?.segmentId ? [{ id: step.segmentId, name: step.segmentName ?? '' }] : [])).map((s) => ({
              value: s.id,
              label: s.name,
            })),
          ]}
          error={form.errorOf('segmentId')}
          data-testid="step-segment"
        />
      </ModalForm>
    </Modal>
  );
}
