import { useQuery } from '@tanstack/react-query';
import { emailSignatureSchema, okResponse, type Locale } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { profileKeys } from '@/lib/api/profile-keys';

const schema = okResponse(emailSignatureSchema);

/**
 * The email signature made from a card, in the language of the screen; `version` (the card's
 * `updatedAt`) makes an edited card (or a team template's change to it) a new signature.
 */
export function useEmailSignature(id: string, version: string, locale: Locale) {
  return useQuery({
    queryKey: profileKeys.signature(id, version, locale),
    queryFn: async () => (await apiGet(`/api/profiles/${encodeURIComponent(id)}/signature?locale=${locale}`, schema)).data,
  });
}
