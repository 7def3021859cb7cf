import { queryOptions, useQuery } from '@tanstack/react-query';
import { loginResponseSchema, type CurrentUser } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { startSession } from '@/lib/session';
import { fetchAndStoreSubscription } from '@/lib/api/subscription-data';
import { registrationKeys } from './keys';

/**
 * `POST /api/register/sign-in`: exchanges the one-time code a verification answered for a session,
 * stored exactly as after a sign-in (token, user, role, then the subscription data).
 */
export async function signInWithCode(code: string): Promise<CurrentUser> {
  const answer = await apiSend('POST', '/api/register/sign-in', { code }, loginResponseSchema);
  startSession(answer.data.token, answer.data.user);
  try {
    await fetchAndStoreSubscription();
  } catch (error) {
    console.error('datasuscription failed after sign-in', error);
  }
  return answer.data.user;
}

/** A query, like the verification, so the single-use code is sent once even when React mounts the page twice. */
export function useSignInWithCode(code: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: registrationKeys.signIn(code),
      queryFn: () => signInWithCode(code!),
      enabled: Boolean(code),
      retry: false,
      staleTime: Infinity,
      gcTime: Infinity,
    }),
  );
}
