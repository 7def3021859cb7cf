import { useQuery } from '@tanstack/react-query';
import { recordSubmissionListAnswerSchema, type SubmissionState } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { adminInvoiceKeys } from '@/lib/api/admin-keys';

/** Facturas: invoice records in one state of their sending to the AEAT (VERI*FACTU mode), newest answer first. */
export function useRecordSubmissions(state: SubmissionState) {
  return useQuery({
    queryKey: adminInvoiceKeys.submissions(state),
    queryFn: () => apiGet(`/api/admin/invoices/submissions?state=${state}&limit=50`, recordSubmissionListAnswerSchema),
  });
}
