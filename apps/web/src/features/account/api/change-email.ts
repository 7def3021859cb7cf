import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { accountKeys } from './get-personal-info';

const emailChangeResponseSchema = okResponse(z.object({ pendingEmail: z.string() }));

export interface EmailChangeInput {
  newEmail: string;
  password: string;
}

/** `POST /api/account/email`: a confirmation link goes to the new address; the change waits for it. */
export async function changeEmail(input: EmailChangeInput): Promise<{ pendingEmail: string }> {
  return (await apiSend('POST', '/api/account/email', input, emailChangeResponseSchema)).data;
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'email', 'change'],
    mutationFn: changeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.personal }),
  });
}
