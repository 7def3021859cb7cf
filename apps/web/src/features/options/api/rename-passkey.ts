import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse, passkeySchema, type Passkey } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { optionsKeys } from './get-options';

/** `PATCH /api/passkeys/{id}`: a new name for one of my passkeys. */
export async function renamePasskey({ id, name }: { id: string; name: string }): Promise<Passkey> {
  return (await apiSend('PATCH', `/api/passkeys/${encodeURIComponent(id)}`, { name }, okResponse(passkeySchema))).data;
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'passkeys', 'rename'],
    mutationFn: renamePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: optionsKeys.passkeys }),
  });
}
