import { useMutation } from '@tanstack/react-query';
import { okResponse, twoFactorSetupSchema, type TwoFactorSetup } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';

/** `POST /api/two-factor/setup`: a new secret (QR code and text); not on until confirmed. */
export async function startTwoFactor(): Promise<TwoFactorSetup> {
  return (await apiSend('POST', '/api/two-factor/setup', undefined, okResponse(twoFactorSetupSchema))).data;
}

export function useStartTwoFactor() {
  return useMutation({ mutationKey: ['options', 'two-factor', 'setup'], mutationFn: startTwoFactor });
}
