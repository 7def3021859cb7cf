import { useQuery } from '@tanstack/react-query';
import { okResponse, profileStatsSchema } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { profileKeys } from '@/lib/api/profile-keys';

const schema = okResponse(profileStatsSchema);

/** Visits and link clicks per day over the last 30 days, with totals. */
export function useProfileStats(id: string) {
  return useQuery({
    queryKey: profileKeys.stats(id),
    queryFn: async () => (await apiGet(`/api/profiles/${encodeURIComponent(id)}/stats`, schema)).data,
  });
}
