import { googleWalletLinkSchema, okResponse } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';

/** `GET /api/wallet/cards/{id}/google`: the card's "Save to Google Wallet" address. */
export const googleWalletUrl = async (id: string) =>
  (await apiGet(`/api/wallet/cards/${encodeURIComponent(id)}/google`, okResponse(googleWalletLinkSchema))).data.url;
