import { useInfiniteQuery } from '@tanstack/react-query';
import { invoiceEventListSchema } from '@enlaza/contracts';
import { keysetQueryOptions } from '@/lib/api/keyset';
import { adminInvoiceKeys } from '@/lib/api/admin-keys';

/** Facturas: the NO VERI*FACTU event log, newest first, one keyset page at a time ("load more"). */
export function useInvoiceEvents() {
  return useInfiniteQuery(
    keysetQueryOptions({
      queryKey: adminInvoiceKeys.events,
      path: '/api/admin/invoices/events',
      filters: {},
      keys: [],
      schema: invoiceEventListSchema,
    }),
  );
}
