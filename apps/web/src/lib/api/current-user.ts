import { currentUserSchema, type CurrentUser } from '@enlaza/contracts';
import { apiGet } from '../http';

/** `GET /api/user`: the bare current user (Bearer token sent by the http client). */
export function fetchCurrentUser(): Promise<CurrentUser> {
  return apiGet('/api/user', currentUserSchema);
}
