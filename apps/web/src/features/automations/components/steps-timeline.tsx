import { Button, Group, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_AUTOMATION_STEPS, type Automation, type AutomationStep } from '@enlaza/contracts';
import { useDelayText } from './delay-text';
import { StepItem } from './step-item';
import { useTriggerText } from './use-trigger-text';

/**
 * The automation as a vertical timeline: the trigger at the top (its name and trigger editable),
 * then each step under its delay, then "Add step".
 */
export function StepsTimeline({
  automation: a,
  testingStepId,
  onEditTrigger,
  onAddStep,
  onEditStep,
  onTestStep,
  onRemoveStep,
}: {
  automation: Automation;
  testingStepId: string | null;
  onEditTrigger: () => void;
  onAddStep: () => void;
  onEditStep: (step: AutomationStep) => void;
  onTestStep: (step: AutomationStep) => void;
  onRemoveStep: (step: AutomationStep) => void;
}) {
  const { t } = useTranslation('automations');
  const triggerText = useTriggerText();
  const delayText = useDelayText();
  const steps = [...a.steps].sort((x, y) => x.position - y.position);
  const full = steps.length >= MAX_AUTOMATION_STEPS;
  return (
    <Stack gap="md">
      <Timeline bulletSize={28} lineWidth={2} role="list" aria-label={t('builder.timeline')} data-testid="automation-timeline">
        <Timeline.Item
          role="listitem"
          bullet={
            <ThemeIcon size={28} radius="xl" variant="light" aria-hidden>
              <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
                <path d="M13 2 3 14h9l-1 8 10-12h-9l1-8z" />
              </svg>
            </ThemeIcon>
          }
          title={t('builder.triggerTitle')}
          data-testid="timeline-trigger"
        >
          <Group gap="xs" justify="space-between" wrap="wrap" mt={4}>
            <Text size="sm" data-testid="automation-trigger">
              {triggerText(a.trigger)}
            </Text>
            <Button size="xs" variant="light" onClick={onEditTrigger} aria-label={t('builder.editLabel')}>
              {t('builder.edit')}
            </Button>
          </Group>
        </Timeline.Item>
        {steps.map((step, index) => (
          <Timeline.Item
            key={step.id}
            role="listitem"
            bullet={
              <Text size="xs" fw={700} aria-hidden>
                {index + 1}
              </Text>
            }
            title={
              <>
                <Text span size="xs" c="dimmed" display="block">
                  {t('step.title', { n: index + 1 })}
                </Text>
                <Text span fw={600} data-testid="step-delay-text">
                  {delayText(step.delayMinutes)}
                </Text>
              </>
            }
            data-testid="timeline-step"
            data-id={step.id}
          >
            <StepItem
              step={step}
              position={index + 1}
              testing={testingStepId === step.id}
              onEdit={() => onEditStep(step)}
              onTest={() => onTestStep(step)}
              onRemove={() => onRemoveStep(step)}
            />
          </Timeline.Item>
        ))}
      </Timeline>
      {steps.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="automation-no-steps">
          {t('builder.noSteps')}
        </Text>
      ) : null}
      <Group gap="sm" wrap="wrap">
        <Button onClick={onAddStep} disabled={full} data-testid="add-step">
          {t('builder.addStep')}
        </Button>
        {full ? (
          <Text size="sm" c="dimmed">
            {t('builder.stepsMax', { max: MAX_AUTOMATION_STEPS })}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
