import { useMutation, useQueryClient } from '@tanstack/react-query';
import { crmConnectionSchema, okResponse, type CrmCallbackBody, type CrmConnection } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { crmKeys } from './keys';

/** `POST /api/crm/callback`: the code and state the vendor sent back, exchanged by the API. */
export async function finishCrmConnection(body: CrmCallbackBody): Promise<CrmConnection> {
  return (await apiSend('POST', '/api/crm/callback', body, okResponse(crmConnectionSchema))).data;
}

export function useFinishCrmConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...crmKeys.all, 'finish'],
    mutationFn: finishCrmConnection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: crmKeys.all }),
  });
}
