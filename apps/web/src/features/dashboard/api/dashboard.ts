import { useQuery } from '@tanstack/react-query';
import { dashboardSchema, okResponse, type Dashboard } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';

const schema = okResponse(dashboardSchema);

/** Query keys of the dashboard. */
export const dashboardKeys = { all: ['dashboard'] as const };

/** `GET /api/dashboard`: counts, 30 days of visits, the latest messages and the latest campaigns of the signed-in user. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: async (): Promise<Dashboard> => (await apiGet('/api/dashboard', schema)).data,
  });
}
