import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import {
  okResponse,
  reauthenticationSchema,
  type PasskeySignInBody,
  type ReauthenticateBody,
  type Reauthentication,
} from '@enlaza/contracts';
import { apiSend } from '../http';
import { startPasskeyProof } from './start-passkey-proof';

/** `POST /api/user/reauthenticate` with the password, a current authenticator code or a passkey's answer. */
export async function reauthenticate(body: ReauthenticateBody): Promise<Reauthentication> {
  return (await apiSend('POST', '/api/user/reauthenticate', body, okResponse(reauthenticationSchema))).data;
}

/**
 * The proof with a passkey: the server's challenge (only this account's passkeys offered), the
 * browser's `get()` (the device asks for its PIN, fingerprint or face), then the answer. The
 * browser's own refusal (cancelled, timed out) is thrown as its DOMException.
 */
export async function reauthenticateWithPasskey(): Promise<Reauthentication> {
  const { challengeId, options } = await startPasskeyProof();
  // Loaded on the click: screens that never ask stay small.
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const credential = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return reauthenticate({ passkey: { challengeId, credential: credential as unknown as PasskeySignInBody['credential'] } });
}
