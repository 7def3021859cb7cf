import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, verifyResultSchema } from '@enlaza/contracts';
import type { z } from 'zod';
import { apiSend } from '@/lib/http';
import { registrationKeys } from './keys';

const verifyResponseSchema = okResponse(verifyResultSchema);
export type VerifyResult = z.infer<typeof verifyResultSchema>;

/** `POST /api/register/verify`: opens an emailed code (activates an account or confirms a new email). */
export async function verifyCode(code: string): Promise<VerifyResult> {
  return (await apiSend('POST', '/api/register/verify', { code }, verifyResponseSchema)).data;
}

/**
 * A query rather than a mutation so that the code is sent exactly once per page load, even when
 * React mounts the page twice (StrictMode): a code is single use, a second call would fail.
 */
export function verifyCodeQueryOptions(code: string) {
  return queryOptions({
    queryKey: registrationKeys.verify(code),
    queryFn: () => verifyCode(code),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useVerifyCode(code: string) {
  return useQuery(verifyCodeQueryOptions(code));
}
