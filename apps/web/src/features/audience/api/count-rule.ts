import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, segmentCountSchema, type SegmentRuleInput } from '@enlaza/contracts';
import { audienceKeys } from '@/lib/api/audience-keys';
import { apiSend } from '@/lib/http';

const countAnswer = okResponse(segmentCountSchema);

/** `POST /api/audience/segments/count`: the people a rule being built selects now. */
export async function countRule(rule: SegmentRuleInput): Promise<number> {
  return (await apiSend('POST', '/api/audience/segments/count', { rule }, countAnswer)).data.people;
}

/** The count of `rule`; nothing is asked while it is null (an incomplete rule). */
export const ruleCountQueryOptions = (rule: SegmentRuleInput | null) =>
  queryOptions({
    queryKey: audienceKeys.ruleCount(rule ?? { match: 'all', groups: [] }),
    queryFn: () => countRule(rule!),
    enabled: rule !== null,
    placeholderData: keepPreviousData,
  });

export const useRuleCount = (rule: SegmentRuleInput | null) => useQuery(ruleCountQueryOptions(rule));
