import { queryOptions, useQuery } from '@tanstack/react-query';
import { addOnQuoteSchema, okResponse } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { billingKeys } from './billing';

/** What buying an add-on now costs with a promotion code's discount line (a refused code fails with its 422). */
export const addOnQuoteOptions = (addOnId: string | null, promotionCode: string | null) =>
  queryOptions({
    queryKey: billingKeys.addOnQuote(addOnId, promotionCode),
    queryFn: async () =>
      (
        await apiSend(
          'POST',
          '/api/user/paquetes/quote',
          { addOnId, ...(promotionCode ? { promotionCode } : {}) },
          okResponse(addOnQuoteSchema),
        )
      ).data,
    staleTime: 0,
    retry: false,
  });

/** The add-on's quote, asked only once a code is applied (without one, the page's prices are the quote). */
export const useAddOnQuote = (addOnId: string | null, promotionCode: string | null) =>
  useQuery({ ...addOnQuoteOptions(addOnId, promotionCode), enabled: addOnId !== null && promotionCode !== null });
