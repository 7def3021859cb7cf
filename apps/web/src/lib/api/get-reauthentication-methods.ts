import { okResponse, reauthenticationMethodsSchema, type ReauthenticationMethods } from '@enlaza/contracts';
import { apiGet } from '../http';

/** `GET /api/user/reauthenticate`: which proofs this account can give (authenticator code, passkey). */
export async function getReauthenticationMethods(): Promise<ReauthenticationMethods> {
  return (await apiGet('/api/user/reauthenticate', okResponse(reauthenticationMethodsSchema))).data;
}
