import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse, type DisableTwoFactorBody } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { optionsKeys } from './get-options';

/** `POST /api/two-factor/disable`. */
export async function disableTwoFactor(body: DisableTwoFactorBody): Promise<void> {
  await apiSend('POST', '/api/two-factor/disable', body, okResponse(z.object({})));
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'two-factor', 'disable'],
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: optionsKeys.twoFactor }),
  });
}
