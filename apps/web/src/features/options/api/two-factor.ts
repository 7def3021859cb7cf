import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { okResponse, recoveryCodesSchema, twoFactorSetupSchema, twoFactorStatusSchema, type DisableTwoFactorBody } from '@enlaza/contracts';
import { apiGet, apiSend } from '@/lib/http';
import { optionsKeys } from './get-options';

/** `GET /api/two-factor`: on or off, recovery codes left, required of this account or not. */
export function useTwoFactor() {
  return useQuery({
    queryKey: optionsKeys.twoFactor,
    queryFn: async () => (await apiGet('/api/two-factor', okResponse(twoFactorStatusSchema))).data,
  });
}

/** A new secret (QR code and text); not on until confirmed. */
export function useStartTwoFactor() {
  return useMutation({
    mutationKey: ['options', 'two-factor', 'setup'],
    mutationFn: async () => (await apiSend('POST', '/api/two-factor/setup', undefined, okResponse(twoFactorSetupSchema))).data,
  });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'two-factor', 'confirm'],
    mutationFn: async (code: string) =>
      (await apiSend('POST', '/api/two-factor/confirm', { code }, okResponse(recoveryCodesSchema))).data.recoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: optionsKeys.twoFactor }),
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'two-factor', 'recovery-codes'],
    mutationFn: async (code: string) =>
      (await apiSend('POST', '/api/two-factor/recovery-codes', { code }, okResponse(recoveryCodesSchema))).data.recoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: optionsKeys.twoFactor }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'two-factor', 'disable'],
    mutationFn: async (body: DisableTwoFactorBody) => {
      await apiSend('POST', '/api/two-factor/disable', body, okResponse(z.object({})));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: optionsKeys.twoFactor }),
  });
}
