import { useMutation } from '@tanstack/react-query';
import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';

const doneSchema = okResponse(z.object({}));

export interface PasswordChangeInput {
  currentPassword: string;
  newPassword: string;
}

/** `PUT /api/account/password`: this session stays; every other one ends. */
export async function changePassword(input: PasswordChangeInput): Promise<void> {
  await apiSend('PUT', '/api/account/password', input, doneSchema);
}

export function useChangePassword() {
  return useMutation({ mutationKey: ['account', 'password', 'change'], mutationFn: changePassword });
}
