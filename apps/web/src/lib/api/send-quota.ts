import { queryOptions, useQuery } from '@tanstack/react-query';
import { sendQuotaSchema, type SendQuota } from '@enlaza/contracts';
import { apiGet } from '../http';

/** Query keys of the month's sending quota. */
export const sendQuotaKeys = { all: ['send-quota'] as const };

/** `GET /api/envio/data`: the spec logs it to the console; the dashboards also show it. */
export async function fetchSendQuota(): Promise<SendQuota> {
  const data = await apiGet('/api/envio/data', sendQuotaSchema);
  console.log('envio/data', data);
  return data;
}

/** Fetched once per signed-in app load (the cache is cleared on logout). */
export function sendQuotaQueryOptions() {
  return queryOptions({
    queryKey: sendQuotaKeys.all,
    queryFn: fetchSendQuota,
    staleTime: Infinity,
  });
}

export function useSendQuota() {
  return useQuery(sendQuotaQueryOptions());
}
