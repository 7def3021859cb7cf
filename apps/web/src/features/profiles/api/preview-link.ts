import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { okResponse } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { profileKeys } from '@/lib/api/profile-keys';

const schema = okResponse(z.object({ url: z.string(), expiresInSeconds: z.number() }));

/**
 * A short-lived signed address of the profile's public page in preview mode (works for private
 * profiles, counts no visit). Asked again when the profile changes and before the address expires.
 */
export function usePreviewLink(id: string, version: string) {
  return useQuery({
    queryKey: profileKeys.previewLink(id, version),
    queryFn: async () => (await apiGet(`/api/profiles/${encodeURIComponent(id)}/preview-link`, schema)).data,
    staleTime: 8 * 60_000,
    refetchInterval: 8 * 60_000,
  });
}
