import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, personalInfoSchema, type PersonalInfo } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';

export const personalInfoResponseSchema = okResponse(personalInfoSchema);

/** Query keys of my account's own screens (the preferences' are in lib/api/preferences.ts). */
export const accountKeys = { personal: ['account', 'personal'] as const };

export async function getPersonalInfo(): Promise<PersonalInfo> {
  const answer = await apiGet('/api/account/personal', personalInfoResponseSchema);
  return answer.data;
}

export function personalInfoQueryOptions() {
  return queryOptions({ queryKey: accountKeys.personal, queryFn: getPersonalInfo });
}

export function usePersonalInfo() {
  return useQuery(personalInfoQueryOptions());
}
