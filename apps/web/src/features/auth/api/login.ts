import { loginResponseSchema, type CurrentUser, type LoginBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { startSession } from '@/lib/session';
import { fetchAndStoreSubscription } from '@/lib/api/subscription-data';

/**
 * `POST /api/login`. On ok == 1 the token, the user and the role are stored, then the
 * subscription data is fetched and stored (its failure does not undo the sign-in).
 */
export async function login(body: LoginBody): Promise<CurrentUser> {
  const answer = await apiSend('POST', '/api/login', body, loginResponseSchema);
  startSession(answer.data.token, answer.data.user);
  try {
    await fetchAndStoreSubscription();
  } catch (error) {
    console.error('datasuscription failed after login', error);
  }
  return answer.data.user;
}
