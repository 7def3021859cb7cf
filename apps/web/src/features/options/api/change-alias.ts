import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserOptions } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { optionsKeys, optionsResponseSchema } from './get-options';

/** `PUT /api/options/alias`: the old alias keeps redirecting; 409 when taken. */
export async function changeAlias(alias: string): Promise<UserOptions> {
  return (await apiSend('PUT', '/api/options/alias', { alias }, optionsResponseSchema)).data;
}

export function useChangeAlias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'alias'],
    mutationFn: changeAlias,
    onSuccess: (saved) => queryClient.setQueryData(optionsKeys.all, saved),
  });
}
