import { aliasCheckSchema, okResponse } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';

const aliasCheckResponseSchema = okResponse(aliasCheckSchema);

/** A free alias close to `alias` (`GET /api/register/alias`), offered after a 409. */
export async function suggestAlias(alias: string): Promise<string | null> {
  const answer = await apiGet(`/api/register/alias?${new URLSearchParams({ alias }).toString()}`, aliasCheckResponseSchema);
  return answer.data.suggestion && answer.data.suggestion !== alias ? answer.data.suggestion : null;
}
