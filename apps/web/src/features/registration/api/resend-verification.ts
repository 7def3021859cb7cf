import { useMutation } from '@tanstack/react-query';
import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';

const doneSchema = okResponse(z.object({}));

/** `POST /api/register/resend`: the same answer whether or not a pending account exists; 429 when limited. */
export async function resendVerification(email: string): Promise<void> {
  await apiSend('POST', '/api/register/resend', { email }, doneSchema);
}

export function useResendVerification() {
  return useMutation({ mutationKey: ['register', 'resend'], mutationFn: resendVerification });
}
