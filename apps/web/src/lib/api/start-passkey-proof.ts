import { okResponse, passkeyCeremonySchema, type PasskeyCeremony } from '@enlaza/contracts';
import { apiSend } from '../http';

/** `POST /api/user/reauthenticate/passkey-options`: the challenge for a proof with one of this account's passkeys. */
export async function startPasskeyProof(): Promise<PasskeyCeremony> {
  return (await apiSend('POST', '/api/user/reauthenticate/passkey-options', undefined, okResponse(passkeyCeremonySchema))).data;
}
