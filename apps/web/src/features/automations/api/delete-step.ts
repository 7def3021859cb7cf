import type { Automation } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { automationAnswer, automationPath } from './keys';
import { useAutomationMutation } from './use-automation-mutation';

/** `DELETE /api/automations/{id}/steps/{stepId}`: the automation without it. */
export async function deleteStep({ automationId, stepId }: { automationId: string; stepId: string }): Promise<Automation> {
  return (await apiSend('DELETE', automationPath(automationId, 'steps', stepId), undefined, automationAnswer)).data;
}

export const useDeleteStep = () => useAutomationMutation(deleteStep);
