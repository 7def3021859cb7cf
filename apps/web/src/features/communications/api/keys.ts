import type { DeliveryFilter } from '@enlaza/contracts';

/** Query keys of my outbound messages (Comunicaciones). */
export const communicationKeys = {
  all: ['communications'] as const,
  list: (filter: DeliveryFilter) => [...communicationKeys.all, 'list', filter] as const,
  one: (id: string | null) => [...communicationKeys.all, 'one', id] as const,
};

/** A filter's query string: only the fields that are set. */
export function filterQuery(filter: DeliveryFilter): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, String(value));
  return query;
}
