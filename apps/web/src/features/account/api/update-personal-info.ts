import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PersonalInfo, type PersonalInfoUpdate } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { accountKeys, personalInfoResponseSchema } from './get-personal-info';

export async function updatePersonalInfo(update: PersonalInfoUpdate): Promise<PersonalInfo> {
  const answer = await apiSend('PUT', '/api/account/personal', update, personalInfoResponseSchema);
  return answer.data;
}

export function updatePersonalInfoMutationOptions() {
  return { mutationKey: ['account', 'personal', 'update'] as const, mutationFn: updatePersonalInfo };
}

/** Saves and puts the server's answer in the cache, so the page and a reload agree. */
export function useUpdatePersonalInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updatePersonalInfoMutationOptions(),
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.personal, saved),
  });
}
