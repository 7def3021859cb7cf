import { okResponse, passkeyCeremonySchema, type PasskeyCeremony } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';

/** `POST /api/passkeys/options`: the challenge and options the browser's `create()` needs to make a passkey. */
export async function startPasskeyCeremony(): Promise<PasskeyCeremony> {
  return (await apiSend('POST', '/api/passkeys/options', undefined, okResponse(passkeyCeremonySchema))).data;
}
