import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse, recoveryCodesSchema } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { optionsKeys } from './get-options';

/** `POST /api/two-factor/recovery-codes`: new recovery codes (the old ones stop working). */
export async function regenerateRecoveryCodes(code: string): Promise<string[]> {
  return (await apiSend('POST', '/api/two-factor/recovery-codes', { code }, okResponse(recoveryCodesSchema))).data.recoveryCodes;
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'two-factor', 'recovery-codes'],
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: optionsKeys.twoFactor }),
  });
}
