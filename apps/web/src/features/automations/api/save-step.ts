import type { Automation, AutomationStepBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { automationAnswer, automationPath } from './keys';
import { useAutomationMutation } from './use-automation-mutation';

/** `POST /api/automations/{id}/steps` (a step at the end) or `PUT /api/automations/{id}/steps/{stepId}`. */
export async function saveStep({
  automationId,
  stepId,
  body,
}: {
  automationId: string;
  stepId: string | null;
  body: AutomationStepBody;
}): Promise<Automation> {
  const path = stepId ? automationPath(automationId, 'steps', stepId) : automationPath(automationId, 'steps');
  return (await apiSend(stepId ? 'PUT' : 'POST', path, body, automationAnswer)).data;
}

export const useSaveStep = () => useAutomationMutation(saveStep);
