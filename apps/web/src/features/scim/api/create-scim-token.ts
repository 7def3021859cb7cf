import { createdScimTokenSchema, okResponse, type CreatedScimToken } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { useScimMutation } from './use-scim-mutation';

/** `POST /api/team/scim/tokens` (the owner, with a fresh proof): the answer holds the token, never shown again. */
export async function createScimToken(name: string): Promise<CreatedScimToken> {
  return (await apiSend('POST', '/api/team/scim/tokens', { name }, okResponse(createdScimTokenSchema))).data;
}

export const useCreateScimToken = () => useScimMutation('create-token', createScimToken);
