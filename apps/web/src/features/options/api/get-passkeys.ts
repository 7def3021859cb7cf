import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, passkeySchema, type Passkey } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet } from '@/lib/http';
import { optionsKeys } from './get-options';

/** `GET /api/passkeys`: my passkeys, newest first. */
export async function getPasskeys(): Promise<Passkey[]> {
  return (await apiGet('/api/passkeys', okResponse(z.array(passkeySchema)))).data;
}

export const passkeysQueryOptions = () => queryOptions({ queryKey: optionsKeys.passkeys, queryFn: getPasskeys });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}
