import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { euVatRateSchema, okResponse, type EuVatRate, type EuVatRateBody } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet, apiSend } from '@/lib/http';

const listSchema = okResponse(z.array(euVatRateSchema));
const oneSchema = okResponse(euVatRateSchema);
const key = ['admin', 'eu-vat-rates'] as const;

export function euVatRatesQueryOptions() {
  return queryOptions({ queryKey: key, queryFn: async () => (await apiGet('/api/admin/eu-vat-rates', listSchema)).data });
}

/** The standard VAT rate of each EU member state (charged to its consumers past the distance-sales threshold). */
export function useEuVatRates() {
  return useQuery(euVatRatesQueryOptions());
}

/** Set one country's rate. */
export function useSaveEuVatRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ country, body }: { country: EuVatRate['country']; body: EuVatRateBody }): Promise<EuVatRate> =>
      (await apiSend('PUT', `/api/admin/eu-vat-rates/${encodeURIComponent(country)}`, body, oneSchema)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
