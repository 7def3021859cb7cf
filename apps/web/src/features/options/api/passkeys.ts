import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { okResponse, passkeyCeremonySchema, passkeySchema, type AddPasskeyBody, type Passkey } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet, apiSend } from '@/lib/http';
import { optionsKeys } from './get-options';

/** `GET /api/passkeys`: my passkeys, newest first. */
export function usePasskeys() {
  return useQuery({
    queryKey: optionsKeys.passkeys,
    queryFn: async () => (await apiGet('/api/passkeys', okResponse(z.array(passkeySchema)))).data,
  });
}

/**
 * Adds a passkey: the server's options, the browser's `create()` (the device asks for its PIN,
 * fingerprint or face), then the answer with the name. The browser's own refusal (cancelled, timed
 * out, this device already has one) is thrown as its DOMException.
 */
export async function addPasskey(name: string): Promise<Passkey> {
  const { challengeId, options } = (await apiSend('POST', '/api/passkeys/options', undefined, okResponse(passkeyCeremonySchema))).data;
  const credential = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  const body: AddPasskeyBody = { challengeId, name, credential: credential as unknown as AddPasskeyBody['credential'] };
  return (await apiSend('POST', '/api/passkeys', body, okResponse(passkeySchema))).data;
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'passkeys', 'add'],
    mutationFn: addPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: optionsKeys.passkeys }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'passkeys', 'rename'],
    mutationFn: async ({ id, name }: { id: string; name: string }) =>
      (await apiSend('PATCH', `/api/passkeys/${encodeURIComponent(id)}`, { name }, okResponse(passkeySchema))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: optionsKeys.passkeys }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'passkeys', 'remove'],
    mutationFn: async (id: string) => {
      await apiSend('DELETE', `/api/passkeys/${encodeURIComponent(id)}`, undefined, okResponse(z.object({})));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: optionsKeys.passkeys }),
  });
}
