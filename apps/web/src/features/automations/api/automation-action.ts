import type { Automation } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { automationAnswer, automationPath } from './keys';
import { useAutomationMutation } from './use-automation-mutation';

/** `POST /api/automations/{id}/{activate|pause}`. */
export async function runAutomationAction({ id, action }: { id: string; action: 'activate' | 'pause' }): Promise<Automation> {
  return (await apiSend('POST', automationPath(id, action), undefined, automationAnswer)).data;
}

export const useAutomationAction = () => useAutomationMutation(runAutomationAction);
