import { useMutation } from '@tanstack/react-query';
import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';

const doneSchema = okResponse(z.object({}));

/** `POST /api/options/delete-account`: with the password; the server ends every session (the caller then clears this one). */
export async function deleteAccount(password: string): Promise<void> {
  await apiSend('POST', '/api/options/delete-account', { password }, doneSchema);
}

export function useDeleteAccount() {
  return useMutation({ mutationKey: ['options', 'delete-account'], mutationFn: deleteAccount });
}
