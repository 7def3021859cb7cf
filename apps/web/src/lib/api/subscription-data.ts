import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { subscriptionDataSchema, type SubscriptionData } from '@enlaza/contracts';
import { apiGet } from '../http';
import { getSession, setSubscription } from '../session';

/** `GET /api/datasuscription`; the answer is stored as the session's subscription data. */
export async function fetchAndStoreSubscription(): Promise<SubscriptionData> {
  const data = await apiGet('/api/datasuscription', subscriptionDataSchema);
  setSubscription(data);
  return data;
}

/** Query keys of the subscription data (plan, quotas and usage), which billing changes refresh. */
export const subscriptionDataKeys = {
  all: ['subscription-data'] as const,
  fresh: ['subscription-data', 'fresh'] as const,
};

/**
 * The stored subscription data, fetched only when none is held (spec §4).
 * The session store stays the source of truth; this query adds loading/error states.
 */
export function subscriptionQueryOptions() {
  return queryOptions({
    queryKey: subscriptionDataKeys.all,
    queryFn: () => {
      const held = getSession().subscription;
      return held ?? fetchAndStoreSubscription();
    },
    staleTime: Infinity,
  });
}

/** After a change of plan, add-on or payment method: the data fetched again, stored and cached (a failure keeps what is held). */
export async function refreshSubscriptionData(queryClient: QueryClient): Promise<void> {
  const data = await fetchAndStoreSubscription().catch(() => null);
  if (data) queryClient.setQueryData(subscriptionQueryOptions().queryKey, data);
}

export function useSubscriptionData() {
  return useQuery(subscriptionQueryOptions());
}

/**
 * The subscription data fetched again when a screen opens (and stored, like the first answer):
 * screens that warn about a quota need the usage as it is now, not as it was at sign-in.
 */
export function useFreshSubscriptionData(enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: subscriptionDataKeys.fresh,
    queryFn: async () => {
      const data = await fetchAndStoreSubscription();
      queryClient.setQueryData(subscriptionQueryOptions().queryKey, data);
      return data;
    },
    staleTime: 0,
    enabled,
  });
}
