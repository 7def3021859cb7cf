import { useMutation } from '@tanstack/react-query';
import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';

const doneSchema = okResponse(z.object({}));

export interface ResetPasswordInput {
  token: string;
  email: string;
  password: string;
  /** Also revoke every personal access token (on unless unticked). */
  revokeApiTokens: boolean;
  /** Also remove every passkey (on unless unticked). */
  removePasskeys: boolean;
}

/** `POST /api/password/reset`: sets the new password with the emailed token; every session ends, and the tokens and passkeys unless unticked. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await apiSend('POST', '/api/password/reset', input, doneSchema);
}

export function useResetPassword() {
  return useMutation({ mutationKey: ['password', 'reset'], mutationFn: resetPassword });
}
