import type { Automation, AutomationBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { automationAnswer, automationPath } from './keys';
import { useAutomationMutation } from './use-automation-mutation';

/** `POST /api/automations` (a new draft) or `PUT /api/automations/{id}`: its name and trigger. */
export async function saveAutomation({ id, body }: { id: string | null; body: AutomationBody }): Promise<Automation> {
  return (await apiSend(id ? 'PUT' : 'POST', id ? automationPath(id) : '/api/automations', body, automationAnswer)).data;
}

export const useSaveAutomation = () => useAutomationMutation(saveAutomation);
