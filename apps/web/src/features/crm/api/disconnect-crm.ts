import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { crmConnectionPath, crmKeys } from './keys';

/** `DELETE /api/crm/connections/{id}`: the token revoked at the vendor, the connection and its log removed. */
export async function disconnectCrm(id: string): Promise<void> {
  await apiSend('DELETE', crmConnectionPath(id), undefined, okResponse(z.object({})));
}

export function useDisconnectCrm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...crmKeys.all, 'disconnect'],
    mutationFn: disconnectCrm,
    onSettled: () => queryClient.invalidateQueries({ queryKey: crmKeys.all }),
  });
}
