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
  methodSetupSchema,
  paymentDetailSchema,
  paymentSchema,
  plansCatalogueSchema,
  type BillingDetailsUpdate,
  type CheckoutResult,
  type MethodKindName,
  type SaveMethodInput,
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
  quotes: ['billing', 'quote'] as const,
  quote: (offerId: string | null, promotionCode: string | null = null) => ['billing', 'quote', offerId, promotionCode] as const,
  addOnQuote: (addOnId: string | null, promotionCode: string | null) => ['billing', 'quote', 'add-on', addOnId, promotionCode] as const,
  payment: (id: string) => ['billing', 'payment', id] as const,
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

/** What buying `offerId` now costs, with `promotionCode`'s discount line when one is applied (a refused code fails with its 422). */
export const checkoutQuoteOptions = (offerId: string | null, promotionCode: string | null = null) =>
  queryOptions({
    queryKey: billingKeys.quote(offerId, promotionCode),
    queryFn: async () =>
      (
        await apiSend(
          'POST',
          '/api/user/checkout/quote',
          { offerId, ...(promotionCode ? { promotionCode } : {}) },
          okResponse(checkoutQuoteSchema),
        )
      ).data,
    staleTime: 0,
    retry: false,
  });
export const useCheckoutQuote = (offerId: string | null, promotionCode: string | null = null) =>
  useQuery({ ...checkoutQuoteOptions(offerId, promotionCode), enabled: offerId !== null });

/**
 * Every billing change refreshes the billing screens and the stored subscription data (quotas
 * everywhere). A checkout quote is only marked stale, never asked again while its dialog is open:
 * once the offer is paid for, the server answers its quote with a 409 ("already on this plan") that
 * the dialog would show in red until it closed. The pay dialog asks for a new quote itself when the
 * billing details change, and an opened dialog asks for a stale one.
 */
function useBillingMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.all, predicate: (query) => query.queryKey[1] !== billingKeys.quotes[1] }),
        queryClient.invalidateQueries({ queryKey: billingKeys.quotes, refetchType: 'none' }),
      ]);
      await refreshSubscriptionData(queryClient);
    },
  });
}

/**
 * Starts saving a method at the provider (`POST /api/user/methods/setup`): what its component in the
 * browser needs. Not a billing query (a billing change must not start another setup under the form).
 */
export const useStartMethodSetup = () =>
  useMutation({
    mutationFn: async (kind: MethodKindName) =>
      (await apiSend('POST', '/api/user/methods/setup', { kind }, okResponse(methodSetupSchema))).data,
  });
/** The setup the provider's component completed, saved as a method: only its id travels, never a number. */
export const useSaveMethod = () =>
  useBillingMutation(
    async (input: SaveMethodInput) => (await apiSend('POST', '/api/user/methods', input, okResponse(paymentMethodSchema))).data,
  );
/** What the sandbox's own pages answer: nothing the app reads (the setup or payment is read again from our API). */
const sandboxAnswer = okResponse(z.object({}));
/** The sandbox's picker completing a setup (stands for the provider's page): a test method's id and a holder. */
export const confirmSandboxSetup = async (setupId: string, body: { testMethod: string; holder: string }) =>
  apiSend('POST', `/api/payments/sandbox/setups/${encodeURIComponent(setupId)}/confirm`, body, sandboxAnswer);
/** The sandbox's 3-D Secure challenge (stands for the issuer's page): passed or failed by the customer. */
export const authenticateSandboxPayment = async (ref: string, result: 'pass' | 'fail') =>
  apiSend('POST', `/api/payments/sandbox/payments/${encodeURIComponent(ref)}/authenticate`, { result }, sandboxAnswer);

/** One payment (the payment page, linked from the email of a renewal that waits for authentication). */
export const paymentQuery = (id: string) =>
  queryOptions({
    queryKey: billingKeys.payment(id),
    queryFn: async () => (await apiGet(`/api/user/payments/${encodeURIComponent(id)}`, okResponse(paymentDetailSchema))).data,
  });
export const usePayment = (id: string) => useQuery(paymentQuery(id));
/**
 * Before the customer authenticates on the payment's page: the server has the provider make the
 * payment ready for it (Stripe: an off-session charge confirmed again, on session).
 */
export const useReadyPayment = () =>
  useBillingMutation(
    async (id: string) =>
      (await apiSend('POST', `/api/user/payments/${encodeURIComponent(id)}/authenticate`, undefined, okResponse(paymentDetailSchema))).data,
  );
/** After the customer authenticated: the server asks the provider for the payment's state again. */
export const useConfirmPayment = () =>
  useBillingMutation(
    async (id: string) =>
      (await apiSend('POST', `/api/user/payments/${encodeURIComponent(id)}/confirm`, undefined, okResponse(paymentDetailSchema))).data,
  );
/** A payment waiting for me paid by Bizum instead: the server answers it with Redsys' page to pay it on. */
export const usePayPaymentByBizum = () =>
  useBillingMutation(
    async (id: string) =>
      (await apiSend('POST', `/api/user/payments/${encodeURIComponent(id)}/bizum`, undefined, okResponse(paymentDetailSchema))).data,
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

/** How a purchase is paid: a saved method, or Bizum once on the provider's page (where the provider offers it). */
export type PayWith = { methodId: string } | { bizum: true };

export const useCheckout = () =>
  useBillingMutation(
    async (input: PayWith & { offerId: string; idempotencyKey: string; promotionCode?: string }): Promise<CheckoutResult> =>
      (await apiSend('POST', '/api/user/checkout', input, okResponse(checkoutResultSchema))).data,
  );
export const useBuyAddOn = () =>
  useBillingMutation(
    async (input: PayWith & { addOnId: string; idempotencyKey: string; promotionCode?: string }): Promise<CheckoutResult> =>
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

/** What the Redsys return page learns from our API: the operation Redsys reported and its state now. */
const redsysReturnAnswer = okResponse(
  z.object({
    kind: z.enum(['setup', 'payment']),
    ref: z.string(),
    status: z.enum(['pending', 'requires_action', 'succeeded', 'failed']),
  }),
);
/** Back from Redsys' page: the signed result Redsys appended to our URL, passed on to our API (which verifies it). */
export const returnFromRedsys = async (signed: { Ds_SignatureVersion: string; Ds_MerchantParameters: string; Ds_Signature: string }) =>
  (await apiSend('POST', '/api/payments/redsys/return', signed, redsysReturnAnswer)).data;
