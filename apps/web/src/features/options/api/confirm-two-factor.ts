import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse, recoveryCodesSchema } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { optionsKeys } from './get-options';

/** `POST /api/two-factor/confirm`: a code of the new secret turns it on; answers the recovery codes. */
export async function confirmTwoFactor(code: string): Promise<string[]> {
  return (await apiSend('POST', '/api/two-factor/confirm', { code }, okResponse(recoveryCodesSchema))).data.recoveryCodes;
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'two-factor', 'confirm'],
    mutationFn: confirmTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: optionsKeys.twoFactor }),
  });
}
