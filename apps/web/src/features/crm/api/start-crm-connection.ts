import { useMutation } from '@tanstack/react-query';
import { crmConnectAnswerSchema, okResponse, type CrmConnectBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { crmKeys } from './keys';

/** `POST /api/crm/connect`: the vendor’s consent page to send the browser to (after a fresh proof). */
export async function startCrmConnection(body: CrmConnectBody): Promise<string> {
  return (await apiSend('POST', '/api/crm/connect', body, okResponse(crmConnectAnswerSchema))).data.authorizeUrl;
}

export const useStartCrmConnection = () => useMutation({ mutationKey: [...crmKeys.all, 'connect'], mutationFn: startCrmConnection });
