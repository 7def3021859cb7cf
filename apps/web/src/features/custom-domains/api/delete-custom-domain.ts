import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { customDomainPath } from './keys';
import { useCustomDomainMutation } from './use-custom-domain-mutation';

/** `DELETE /api/custom-domains/{id}`: the host no longer serves; links go back to PUBLIC_URL. */
export async function deleteCustomDomain(id: string): Promise<void> {
  await apiSend('DELETE', customDomainPath(id), undefined, okResponse(z.object({})));
}

export const useDeleteCustomDomain = () => useCustomDomainMutation('delete', deleteCustomDomain);
