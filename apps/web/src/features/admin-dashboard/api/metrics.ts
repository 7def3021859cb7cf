import { useQuery } from '@tanstack/react-query';
import { adminMetricsSchema, okResponse } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';

const answer = okResponse(adminMetricsSchema);

/** `GET /api/admin/dashboard/metrics`: refreshed every minute while the page is open. */
export const useAdminMetrics = () =>
  useQuery({
    queryKey: ['admin', 'dashboard', 'metrics'],
    queryFn: async () => (await apiGet('/api/admin/dashboard/metrics', answer)).data,
    refetchInterval: 60_000,
  });
