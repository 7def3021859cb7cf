import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AutomationStep } from '@enlaza/contracts';
import { StepFigures } from './step-figures';

/**
 * One step of the timeline, under its delay ("After 2 days", the item's title): the condition on
 * the previous step (none on the first), the segment it is for (when one is set), the template it
 * sends (or that it is gone), its figures and its buttons.
 */
export function StepItem({
  step,
  position,
  testing,
  onEdit,
  onTest,
  onRemove,
}: {
  step: AutomationStep;
  /** 1-based, as shown. */
  position: number;
  testing: boolean;
  onEdit: () => void;
  onTest: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('automations');
  return (
    <Stack gap="xs" mt={4}>
      {position > 1 ? (
        <Text size="sm" data-testid="step-condition-text" data-condition={step.condition}>
          {t(`conditions.${step.condition}`)}
        </Text>
      ) : null}
      {step.segmentName ? (
        <Text size="sm" data-testid="step-segment-text">
          {t('step.segment', { name: step.segmentName })}
        </Text>
      ) : null}
      {step.templateId === null ? (
        <Alert color="yellow" variant="light" p="xs" data-testid="step-template-gone">
          <Text size="sm">{t('step.templateGone')}</Text>
        </Alert>
      ) : (
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="step-template">
          {t('step.template', { name: step.templateName ?? '' })}
        </Text>
      )}
      <StepFigures figures={step.figures} position={position} />
      <Group gap="xs" wrap="wrap">
        <Button size="xs" variant="light" onClick={onEdit} aria-label={t('step.editLabel', { n: position })}>
          {t('step.edit')}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={onTest}
          loading={testing}
          disabled={step.templateId === null}
          aria-label={t('step.testLabel', { n: position })}
        >
          {t('step.test')}
        </Button>
        <Button size="xs" variant="subtle" color="red" onClick={onRemove} aria-label={t('step.removeLabel', { n: position })}>
          {t('step.remove')}
        </Button>
      </Group>
    </Stack>
  );
}
