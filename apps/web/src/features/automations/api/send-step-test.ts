import { useMutation } from '@tanstack/react-query';
import { campaignTestSendSchema, okResponse } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { automationPath } from './keys';

/** `POST /api/automations/{id}/steps/{stepId}/test`: the step's email to my own address (answers where it went). */
export const sendStepTest = async ({ automationId, stepId }: { automationId: string; stepId: string }) =>
  (await apiSend('POST', automationPath(automationId, 'steps', stepId, 'test'), undefined, okResponse(campaignTestSendSchema))).data;

export const useSendStepTest = () => useMutation({ mutationFn: sendStepTest });
