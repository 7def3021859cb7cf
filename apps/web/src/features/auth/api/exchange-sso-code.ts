import { loginResponseSchema, type CurrentUser } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';

/** `POST /api/sso/exchange`: the one-time code the identity provider's return handed the page, for a session (in this browser only). */
export async function exchangeSsoCode(code: string): Promise<{ token: string; user: CurrentUser }> {
  return (await apiSend('POST', '/api/sso/exchange', { code }, loginResponseSchema)).data;
}
