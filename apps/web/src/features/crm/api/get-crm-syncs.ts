import { queryOptions, useQuery } from '@tanstack/react-query';
import { crmSyncSchema, okResponse, type CrmSync } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet } from '@/lib/http';
import { crmConnectionPath, crmKeys } from './keys';

/** `GET /api/crm/connections/{id}/syncs`: the connection’s latest leads. */
export async function getCrmSyncs(id: string): Promise<CrmSync[]> {
  return (await apiGet(`${crmConnectionPath(id)}/syncs`, okResponse(z.array(crmSyncSchema)))).data;
}

/** Refreshed while the log is open (a lead on its way changes within seconds). */
export const crmSyncsQueryOptions = (id: string) =>
  queryOptions({ queryKey: crmKeys.syncs(id), refetchInterval: 5000, queryFn: () => getCrmSyncs(id) });

export const useCrmSyncs = (id: string) => useQuery(crmSyncsQueryOptions(id));
