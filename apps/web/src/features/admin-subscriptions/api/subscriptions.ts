import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminSubscriptionDetailSchema,
  adminSubscriptionListSchema,
  catalogueSchemas,
  okResponse,
  testClockAdvanceResultSchema,
  testClockSchema,
  paymentDisputeSchema,
  type AdminCancelSubscription,
  type AdminCloseDispute,
  type AdminRecordDispute,
  type AdminExtendSubscription,
  type SubscriptionStatus,
} from '@enlaza/contracts';
import { z } from 'zod';
import { downloadFile } from '@/lib/download-file';
import { apiGet, apiSend } from '@/lib/http';
import { keysetQueryOptions } from '@/lib/api/keyset';
import { ApiError } from '@/lib/api-error';
import { adminInvoiceKeys, catalogueKeys } from '@/lib/api/admin-keys';

export type ListedStatus = Exclude<SubscriptionStatus, 'none'>;
export const SUBSCRIPTION_STATUSES: readonly ListedStatus[] = ['trialing', 'active', 'past_due', 'expired', 'cancelled'];

export interface SubscriptionFilters {
  status?: ListedStatus;
  plan?: string;
  period?: string;
  q?: string;
}

const detailAnswer = okResponse(adminSubscriptionDetailSchema);

export const subscriptionKeys = {
  all: ['admin', 'subscriptions'] as const,
  list: (filters: SubscriptionFilters) => ['admin', 'subscriptions', 'list', filters] as const,
  detail: (id: string) => ['admin', 'subscriptions', 'detail', id] as const,
  clock: ['admin', 'test-clock'] as const,
};

export const adminSubscriptionsQueryOptions = (filters: SubscriptionFilters) =>
  keysetQueryOptions({
    queryKey: subscriptionKeys.list(filters),
    path: '/api/admin/subscriptions',
    filters,
    keys: ['status', 'plan', 'period', 'q'],
    schema: adminSubscriptionListSchema,
  });

/** Suscripcions: newest first, one keyset page at a time ("load more"). */
export const useAdminSubscriptions = (filters: SubscriptionFilters) => useInfiniteQuery(adminSubscriptionsQueryOptions(filters));

export const subscriptionDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: subscriptionKeys.detail(id),
    queryFn: async () => (await apiGet(`/api/admin/subscriptions/${encodeURIComponent(id)}`, detailAnswer)).data,
  });

export const useSubscriptionDetail = (id: string | null) => useQuery({ ...subscriptionDetailQueryOptions(id ?? ''), enabled: Boolean(id) });

/** Plans and billing periods, for the filters (codes with names in the viewer's language). */
export function useFilterOptions() {
  const plans = useQuery({
    queryKey: catalogueKeys.of('plans'),
    queryFn: async () => (await apiGet('/api/admin/plans', okResponse(z.array(catalogueSchemas.plans.admin)))).data,
  });
  const periods = useQuery({
    queryKey: catalogueKeys.of('billing-periods'),
    queryFn: async () => (await apiGet('/api/admin/billing-periods', okResponse(z.array(catalogueSchemas['billing-periods'].admin)))).data,
  });
  return { plans: plans.data ?? [], periods: periods.data ?? [] };
}

/** Cancel or extend; the list and the detail are reloaded afterwards. */
export function useChangeSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      change,
    }: {
      id: string;
      change: { kind: 'cancel'; body: AdminCancelSubscription } | { kind: 'extend'; body: AdminExtendSubscription };
    }) => apiSend('POST', `/api/admin/subscriptions/${encodeURIComponent(id)}/${change.kind}`, change.body, detailAnswer),
    onSuccess: async (answer) => {
      client.setQueryData(subscriptionKeys.detail(answer.data.id), answer.data);
      await client.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
  });
}

/** The invoice's PDF, saved as a file (a plain link would not carry the session token). */
export const downloadInvoicePdf = (id: string, number: string) =>
  downloadFile(`/api/invoices/${encodeURIComponent(id)}/pdf`, `${number}.pdf`);

/** The sandbox test clock; `null` when the server has it switched off (404 `test_clock.disabled`). */
export function useTestClock() {
  return useQuery({
    queryKey: subscriptionKeys.clock,
    queryFn: async () => {
      try {
        return (await apiGet('/api/admin/test-clock', okResponse(testClockSchema))).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
  });
}

/** Advances the test clock N days; the server runs what fell due before answering. */
export function useAdvanceTestClock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (days: number) =>
      (await apiSend('POST', '/api/admin/test-clock/advance', { days }, okResponse(testClockAdvanceResultSchema))).data,
    onSuccess: async (result) => {
      client.setQueryData(subscriptionKeys.clock, { enabled: result.enabled, now: result.now, offsetSeconds: result.offsetSeconds });
      await client.invalidateQueries({ queryKey: subscriptionKeys.all });
      await client.invalidateQueries({ queryKey: adminInvoiceKeys.all });
    },
  });
}

const disputeAnswer = okResponse(paymentDisputeSchema.extend({ id: z.string() }));

/**
 * A bank's chargeback of a payment whose provider reports none (Redsys, the sandbox): recorded, then
 * its outcome; the subscription's detail and Facturas are reloaded afterwards.
 */
export function useChargeback(subscriptionId: string) {
  const client = useQueryClient();
  const reload = async () => {
    await client.invalidateQueries({ queryKey: subscriptionKeys.detail(subscriptionId) });
    await client.invalidateQueries({ queryKey: adminInvoiceKeys.all });
  };
  const record = useMutation({
    mutationFn: ({ paymentId, body }: { paymentId: string; body: AdminRecordDispute }) =>
      apiSend('POST', `/api/admin/payments/${encodeURIComponent(paymentId)}/disputes`, body, disputeAnswer),
    onSuccess: reload,
  });
  const close = useMutation({
    mutationFn: ({ disputeId, body }: { disputeId: string; body: AdminCloseDispute }) =>
      apiSend('POST', `/api/admin/disputes/${encodeURIComponent(disputeId)}/close`, body, disputeAnswer),
    onSuccess: async () => {
      await reload();
      await client.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
  });
  return { record, close };
}
