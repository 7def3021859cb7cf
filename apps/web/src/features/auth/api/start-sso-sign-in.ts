import { okResponse, ssoRedirectSchema } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';

/** `GET /api/sso/start?email=`: the identity provider of the team whose proven domain the address is in (it also sets the browser's binding cookie). */
export async function startSsoSignIn(email: string): Promise<string> {
  return (await apiGet(`/api/sso/start?email=${encodeURIComponent(email)}`, okResponse(ssoRedirectSchema))).data.url;
}
