import { queryOptions, useQuery } from '@tanstack/react-query';
import { crmOverviewSchema, okResponse, type CrmOverview } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { crmKeys } from './keys';

/** `GET /api/crm`: which CRMs this server can connect, and my connections (my own and my team’s). */
export async function getCrmOverview(): Promise<CrmOverview> {
  return (await apiGet('/api/crm', okResponse(crmOverviewSchema))).data;
}

export const crmOverviewQueryOptions = () => queryOptions({ queryKey: crmKeys.all, queryFn: getCrmOverview });

export const useCrmOverview = () => useQuery(crmOverviewQueryOptions());
