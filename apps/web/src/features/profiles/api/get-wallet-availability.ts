import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, walletAvailabilitySchema, type WalletAvailability } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { walletKeys } from './keys';

/** `GET /api/wallet/availability`: which wallets the site makes passes for: a button shows only for a configured one. */
export async function getWalletAvailability(): Promise<WalletAvailability> {
  return (await apiGet('/api/wallet/availability', okResponse(walletAvailabilitySchema))).data;
}

/** A server setting: it changes only with a restart. */
export const walletAvailabilityQueryOptions = () =>
  queryOptions({ queryKey: walletKeys.availability, queryFn: getWalletAvailability, staleTime: Infinity });

export const useWalletAvailability = () => useQuery(walletAvailabilityQueryOptions());
