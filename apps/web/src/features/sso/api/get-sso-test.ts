import { useQuery } from '@tanstack/react-query';
import { okResponse, ssoTestResultSchema, type SsoTestResult } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { ssoKeys } from './keys';

/** `GET /api/team/sso/test/{id}`: what a test sign-in brought back. */
export async function getSsoTest(id: string): Promise<SsoTestResult> {
  return (await apiGet(`/api/team/sso/test/${encodeURIComponent(id)}`, okResponse(ssoTestResultSchema))).data;
}

export const useSsoTest = (id: string | null) =>
  useQuery({ queryKey: ssoKeys.test(id ?? ''), queryFn: () => getSsoTest(id!), enabled: Boolean(id) });
