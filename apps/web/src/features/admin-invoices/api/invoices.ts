import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  chainVerificationAnswerSchema,
  creditNoteAnswerSchema,
  adminInvoiceListSchema,
  type CreditNoteBody,
  type InvoiceSeries,
  type InvoiceStatus,
} from '@enlaza/contracts';
import { downloadFile } from '@/lib/download-file';
import { apiSend } from '@/lib/http';
import { filterParams, keysetQueryOptions } from '@/lib/api/keyset';
import { adminInvoiceKeys } from '@/lib/api/admin-keys';

export interface InvoiceFilters {
  from?: string;
  to?: string;
  series?: InvoiceSeries;
  status?: InvoiceStatus;
  q?: string;
}

const FILTER_KEYS = ['from', 'to', 'series', 'status', 'q'] as const;

export const adminInvoicesQueryOptions = (filters: InvoiceFilters) =>
  keysetQueryOptions({
    queryKey: adminInvoiceKeys.list(filters),
    path: '/api/admin/invoices',
    filters,
    keys: FILTER_KEYS,
    schema: adminInvoiceListSchema,
  });

/** Facturas: invoices and credit notes, newest first, one keyset page at a time ("load more"). */
export function useAdminInvoices(filters: InvoiceFilters) {
  return useInfiniteQuery(adminInvoicesQueryOptions(filters));
}

/** `POST /api/admin/invoices/:id/credit-notes` (the note, and whether it ended the plan); the list is reloaded afterwards. */
export function useIssueCreditNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CreditNoteBody }) =>
      apiSend('POST', `/api/admin/invoices/${encodeURIComponent(id)}/credit-notes`, body, creditNoteAnswerSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: adminInvoiceKeys.all }),
  });
}

/** The PDF, saved as a file (a plain link would not carry the session token). */
export const downloadInvoicePdf = (id: string, number: string) =>
  downloadFile(`/api/invoices/${encodeURIComponent(id)}/pdf`, `${number}.pdf`);

/** The CSV of every invoice matching the filters. */
export const downloadInvoicesCsv = (filters: InvoiceFilters) => {
  const query = filterParams(filters, FILTER_KEYS).toString();
  return downloadFile(`/api/admin/invoices.csv${query ? `?${query}` : ''}`, 'enlaza-invoices.csv');
};

/** `POST /api/admin/invoices/verify-chain`: every record of the invoice record chain recomputed in order. */
export function useVerifyChain() {
  return useMutation({ mutationFn: () => apiSend('POST', '/api/admin/invoices/verify-chain', undefined, chainVerificationAnswerSchema) });
}
