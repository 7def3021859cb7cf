import { useQuery } from '@tanstack/react-query';
import { googleWalletLinkSchema, okResponse, walletAvailabilitySchema } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { downloadFile } from '@/lib/download-file';

const availabilitySchema = okResponse(walletAvailabilitySchema);
const googleSchema = okResponse(googleWalletLinkSchema);

/** Query keys of the wallet passes. */
export const walletKeys = { availability: ['wallet', 'availability'] as const };

/** Which wallets the site makes passes for: a button shows only for a configured one. */
export function useWalletAvailability() {
  return useQuery({
    queryKey: walletKeys.availability,
    queryFn: async () => (await apiGet('/api/wallet/availability', availabilitySchema)).data,
    // A server setting: it changes only with a restart.
    staleTime: Infinity,
  });
}

/** Downloads the card's .pkpass (Safari on an iPhone or a Mac offers to add it to Wallet). */
export const downloadApplePass = (id: string) => downloadFile(`/api/wallet/cards/${encodeURIComponent(id)}/apple`, 'card.pkpass');

/** The card's "Save to Google Wallet" address. */
export const googleWalletUrl = async (id: string) =>
  (await apiGet(`/api/wallet/cards/${encodeURIComponent(id)}/google`, googleSchema)).data.url;
