import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { okResponse, passkeySchema, type AddPasskeyBody, type Passkey } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { optionsKeys } from './get-options';
import { startPasskeyCeremony } from './start-passkey-ceremony';

/**
 * Adds a passkey: the server's options, the browser's `create()` (the device asks for its PIN,
 * fingerprint or face), then `POST /api/passkeys` with the answer and the name. The browser's own
 * refusal (cancelled, timed out, this device already has one) is thrown as its DOMException.
 */
export async function addPasskey(name: string): Promise<Passkey> {
  const { challengeId, options } = await startPasskeyCeremony();
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
