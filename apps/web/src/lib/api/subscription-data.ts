import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionDataSchema, type SubscriptionData } from '@enlaza/contracts';
import { apiGet } from '../http';
import { getSession, setSubscription } from '../session';

/** `GET /api/datasuscription`; the answer is stored as the session's subscription data. */
export async function fetchAndStoreSubscription(): Promise<SubscriptionData> {
  const data = await apiGet('/api/datasuscription', subscriptionDataSchema);
  setSubscription(data);
  return data;
}

/**
 * The stored subscription data, fetched only when none is held (spec §4).
 * The session store stays the source of truth; this query adds loading/error states.
 */
export function subscriptionQueryOptions() {
  return queryOptions({
    queryKey: ['datasuscription'],
    queryFn: () => {
      const held = getSession().subscription;
      return held ?? fetchAndStoreSubscription();
    },
    staleTime: Infinity,
  });
}

export function useSubscriptionData() {
  return useQuery(subscriptionQueryOptions());
}
