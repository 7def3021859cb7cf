import { useMutation } from '@tanstack/react-query';
import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';

const doneSchema = okResponse(z.object({}));

/** `POST /api/password/forgot`: always the same answer, whether or not the account exists. */
export async function forgotPassword(email: string): Promise<void> {
  await apiSend('POST', '/api/password/forgot', { email }, doneSchema);
}

export function useForgotPassword() {
  return useMutation({ mutationKey: ['password', 'forgot'], mutationFn: forgotPassword });
}
