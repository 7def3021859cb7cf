import { useQuery } from '@tanstack/react-query';
import { adminMetricsSchema, okResponse } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';

const answer = okResponse(adminMetricsSchema);

/** Query keys of the admin dashboard. */
export const adminDashboardKeys = { metrics: ['admin', 'dashboard', 'metrics'] as const };

/** `GET /api/admin/dashboard/metrics`: refreshed every minute while the page is open. */
export const useAdminMetrics = () =>
  useQuery({
    queryKey: adminDashboardKeys.metrics,
    queryFn: async () => (await apiGet('/api/admin/dashboard/metrics', answer)).data,
    refetchInterval: 60_000,
  });
