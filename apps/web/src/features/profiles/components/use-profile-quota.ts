import type { ProfileKind } from '@enlaza/contracts';
import { quotaReached } from '@/components/quota-prompt';
import { useFreshSubscriptionData } from '@/lib/api/subscription-data';
import { formatNumber } from '@/lib/format';
import type { Locale } from '@enlaza/contracts';

/**
 * Whether the plan's cards (or tags) are used up, from `GET /api/datasuscription` fetched as the
 * screen opens; `usage` (numbers, for the plural) is null until it is known.
 */
export function useProfileQuota(kind: ProfileKind, locale: Locale) {
  const query = useFreshSubscriptionData();
  if (!query.data) return { pending: query.isPending, reached: false, limit: '', usage: null };
  const used = kind === 'card' ? query.data.usage.profiles : query.data.usage.tags;
  const limit = kind === 'card' ? query.data.limits.profiles : query.data.limits.tags;
  return { pending: false, reached: quotaReached(used, limit), limit: formatNumber(limit, locale), usage: { used, limit } };
}
