import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addOnsCatalogueSchema,
  billingDetailsSchema,
  checkoutQuoteSchema,
  checkoutResultSchema,
  myPlanSchema,
  okResponse,
  paymentMethodSchema,
  paymentProviderInfoSchema,
  paymentSchema,
  plansCatalogueSchema,
  type AddCardInput,
  type BillingDetailsUpdate,
  type CheckoutResult,
} from '@enlaza/contracts';
import { z } from 'zod';
import { refreshSubscriptionData } from '@/lib/api/subscription-data';
import { apiGet, apiSend } from '@/lib/http';

/** Query keys of the billing screens: every billing change invalidates `all`. */
export const billingKeys = {
  all: ['billing'] as const,
  methods: ['billing', 'methods'] as const,
  plans: ['billing', 'plans'] as const,
  myPlan: ['billing', 'my-plan'] as const,
  addOns: ['billing', 'add-ons'] as const,
  payments: ['billing', 'payments'] as const,
  details: ['billing', 'details'] as const,
  provider: ['billing', 'provider'] as const,
  quote: (offerId: string | null) => ['billing', 'quote', offerId] as const,
};
const methodsAnswer = okResponse(z.array(paymentMethodSchema));

export const methodsQuery = () =>
  queryOptions({ queryKey: billingKeys.methods, queryFn: async () => (await apiGet('/api/user/methods', methodsAnswer)).data });
export const plansQuery = () =>
  queryOptions({
    queryKey: billingKeys.plans,
    queryFn: async () => (await apiGet('/api/user/plans', okResponse(plansCatalogueSchema))).data,
  });
export const myPlanQuery = () =>
  queryOptions({
    queryKey: billingKeys.myPlan,
    queryFn: async () => (await apiGet('/api/user/myplan', okResponse(myPlanSchema))).data,
  });
export const addOnsQuery = () =>
  queryOptions({
    queryKey: billingKeys.addOns,
    queryFn: async () => (await apiGet('/api/user/paquetes', okResponse(addOnsCatalogueSchema))).data,
  });
export const paymentsQuery = () =>
  queryOptions({
    queryKey: billingKeys.payments,
    queryFn: async () => (await apiGet('/api/user/pagos', okResponse(z.array(paymentSchema)))).data,
  });

export const billingDetailsQuery = () =>
  queryOptions({
    queryKey: billingKeys.details,
    queryFn: async () => (await apiGet('/api/account/billing', okResponse(billingDetailsSchema))).data,
  });
export const paymentProviderQuery = () =>
  queryOptions({
    queryKey: billingKeys.provider,
    queryFn: async () => (await apiGet('/api/user/payment-provider', okResponse(paymentProviderInfoSchema))).data,
    staleTime: Infinity,
  });

export const useMethods = () => useQuery(methodsQuery());
/** The billing details, read once `enabled` (the pay dialog asks when it opens, not when its page does). */
export const useBillingDetails = (enabled = true) => useQuery({ ...billingDetailsQuery(), enabled });
export const usePaymentProvider = () => useQuery(paymentProviderQuery());
export const usePlans = () => useQuery(plansQuery());
export const useMyPlan = () => useQuery(myPlanQuery());
export const useAddOns = () => useQuery(addOnsQuery());
export const usePayments = () => useQuery(paymentsQuery());

export const useCheckoutQuote = (offerId: string | null) =>
  useQuery({
    queryKey: billingKeys.quote(offerId),
    queryFn: async () => (await apiSend('POST', '/api/user/checkout/quote', { offerId }, okResponse(checkoutQuoteSchema))).data,
    enabled: offerId !== null,
    staleTime: 0,
    retry: false,
  });

/** Every billing change refreshes the billing screens and the stored subscription data (quotas everywhere). */
function useBillingMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
      await refreshSubscriptionData(queryClient);
    },
  });
}

export const useAddMethod = () =>
  useBillingMutation(
    async (input: AddCardInput) => (await apiSend('POST', '/api/user/methods', input, okResponse(paymentMethodSchema))).data,
  );
/** The tax id and address the pay dialog asks for; every billing screen is refreshed (the tax may change with them). */
export const useSaveBillingDetails = () =>
  useBillingMutation(
    async (input: BillingDetailsUpdate) => (await apiSend('PUT', '/api/account/billing', input, okResponse(billingDetailsSchema))).data,
  );
export const useSetDefaultMethod = () =>
  useBillingMutation(
    async (id: string) => (await apiSend('POST', `/api/user/methods/${id}/default`, undefined, okResponse(paymentMethodSchema))).data,
  );
export const useRemoveMethod = () =>
  useBillingMutation(
    async (id: string) =>
      (await apiSend('DELETE', `/api/user/methods/${id}`, undefined, okResponse(z.object({ removed: z.literal(true) })))).data,
  );

export const useCheckout = () =>
  useBillingMutation(
    async (input: { offerId: string; methodId: string; idempotencyKey: string }): Promise<CheckoutResult> =>
      (await apiSend('POST', '/api/user/checkout', input, okResponse(checkoutResultSchema))).data,
  );
export const useBuyAddOn = () =>
  useBillingMutation(
    async (input: { addOnId: string; methodId: string; idempotencyKey: string }): Promise<CheckoutResult> =>
      (await apiSend('POST', '/api/user/paquetes', input, okResponse(checkoutResultSchema))).data,
  );

const myPlanAnswer = okResponse(myPlanSchema);
export const usePlanAction = () =>
  useBillingMutation(async (action: { kind: 'cancel' | 'resume' } | { kind: 'downgrade'; offerId: string } | { kind: 'undoDowngrade' }) => {
    if (action.kind === 'cancel') return (await apiSend('POST', '/api/user/myplan/cancel', undefined, myPlanAnswer)).data;
    if (action.kind === 'resume') return (await apiSend('POST', '/api/user/myplan/resume', undefined, myPlanAnswer)).data;
    if (action.kind === 'downgrade')
      return (await apiSend('PUT', '/api/user/myplan/downgrade', { offerId: action.offerId }, myPlanAnswer)).data;
    return (await apiSend('DELETE', '/api/user/myplan/downgrade', undefined, myPlanAnswer)).data;
  });

/** A fresh key per payment attempt: a retried request (double click, lost answer) never charges twice. */
export const newIdempotencyKey = () => `web-${crypto.randomUUID()}`;
