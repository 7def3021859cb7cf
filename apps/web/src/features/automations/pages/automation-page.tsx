import { useState } from 'react';
import { Alert, Anchor, Skeleton, Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Automation, AutomationStep } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notify } from '@/components/notifications';
import { usePageTitle } from '@/components/use-page-title';
import { usePreferences } from '@/lib/api/preferences';
import { useDeleteStep } from '../api/delete-step';
import { useAutomation } from '../api/get-automation';
import { useSendStepTest } from '../api/send-step-test';
import { AutomationFormModal } from '../components/automation-form-modal';
import { AutomationHeader } from '../components/automation-header';
import { PeoplePanel } from '../components/people-panel';
import { StepFormModal } from '../components/step-form-modal';
import { StepsTimeline } from '../components/steps-timeline';

const LIST_PATH = '/user/campanas/automatizaciones';
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The step form's target: a new step at the end, or one to edit, with its place (1-based). */
type StepTarget = { step: AutomationStep | null; position: number };

function Builder({ automation: a }: { automation: Automation }) {
  const { t } = useTranslation(['automations', 'admin']);
  const timeZone = usePreferences().data?.timeZone ?? browserZone();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'personas' ? 'personas' : 'pasos';
  const removeStep = useDeleteStep();
  const sendTest = useSendStepTest();
  const [editing, setEditing] = useState(false);
  const [stepTarget, setStepTarget] = useState<StepTarget | null>(null);
  const [removingStep, setRemovingStep] = useState<StepTarget | null>(null);
  const steps = [...a.steps].sort((x, y) => x.position - y.position);
  const positionOf = (step: AutomationStep) => steps.findIndex((s) => s.id === step.id) + 1;

  return (
    <>
      <AutomationHeader automation={a} listPath={LIST_PATH} />
      <Tabs value={tab} onChange={(value) => setParams(value === 'personas' ? { tab: value } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="pasos" data-testid="tab-steps">
            {t('builder.tabs.steps')}
          </Tabs.Tab>
          <Tabs.Tab value="personas" data-testid="tab-people">
            {t('builder.tabs.people')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pasos" pt="md">
          <StepsTimeline
            automation={a}
            testingStepId={sendTest.isPending ? (sendTest.variables?.stepId ?? null) : null}
            onEditTrigger={() => setEditing(true)}
            onAddStep={() => setStepTarget({ step: null, position: steps.length + 1 })}
            onEditStep={(step) => setStepTarget({ step, position: positionOf(step) })}
            onTestStep={(step) =>
              sendTest.mutate(
                { automationId: a.id, stepId: step.id },
                {
                  onSuccess: ({ to }) => notify('success', t('step.testSent', { to })),
                  onError: (e) => notify('error', apiErrorMessage(e, t)),
                },
              )
            }
            onRemoveStep={(step) => setRemovingStep({ step, position: positionOf(step) })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="personas" pt="md">
          <PeoplePanel automationId={a.id} timeZone={timeZone} />
        </Tabs.Panel>
      </Tabs>

      {editing ? (
        <AutomationFormModal
          opened
          automation={a}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            notify('success', t('saved'));
          }}
        />
      ) : null}
      {stepTarget ? (
        <StepFormModal
          automation={a}
          step={stepTarget.step}
          position={stepTarget.position}
          onClose={() => setStepTarget(null)}
          onSaved={() => {
            setStepTarget(null);
            notify('success', t('saved'));
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={removingStep !== null}
        title={t('step.removeTitle')}
        confirmLabel={t('step.remove')}
        danger
        loading={removeStep.isPending}
        error={removeStep.error ? apiErrorMessage(removeStep.error, t) : null}
        onConfirm={() =>
          removingStep?.step &&
          removeStep.mutate(
            { automationId: a.id, stepId: removingStep.step.id },
            {
              onSuccess: () => {
                setRemovingStep(null);
                notify('success', t('step.removed'));
              },
            },
          )
        }
        onClose={() => {
          setRemovingStep(null);
          removeStep.reset();
        }}
      >
        {t('step.removeText', { n: removingStep?.position ?? 0 })}
      </ConfirmDialog>
    </>
  );
}

/**
 * /user/campanas/automatizaciones/:automationId: one automation as a timeline (its trigger, then each
 * step with its delay, condition, template and figures), activated or paused from the header, and the
 * people in it on a second tab (`?tab=personas`).
 */
export default function AutomationPage() {
  const { t } = useTranslation('automations');
  const { automationId = '' } = useParams();
  const automation = useAutomation(automationId);
  usePageTitle(automation.data?.name ?? t('title'));

  return (
    <Stack gap="lg" maw={880} w="100%" data-testid="automation-page">
      <Anchor component={Link} to={LIST_PATH} size="sm">
        {t('builder.back')}
      </Anchor>
      {automation.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(automation.error, t)}
        </Alert>
      ) : automation.data ? (
        <Builder automation={automation.data} />
      ) : (
        <Stack gap="sm" aria-busy aria-label={t('builder.loading')} data-testid="automation-loading">
          <Skeleton h={48} />
          <Skeleton h={200} />
        </Stack>
      )}
    </Stack>
  );
}
