import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, onboardingChecklistSchema, type OnboardingChecklist } from '@enlaza/contracts';
import { apiGet } from '../http';

/** The answer that holds the checklist (the reading, the dismissal and a recorded step all answer it). */
export const onboardingAnswer = okResponse(onboardingChecklistSchema);

/** Query keys of the guided start's checklist. */
export const onboardingKeys = { all: ['onboarding'] as const };

/** `GET /api/onboarding`: the guided start's checklist, its steps computed by the server. */
export async function getOnboarding(): Promise<OnboardingChecklist> {
  return (await apiGet('/api/onboarding', onboardingAnswer)).data;
}

export const onboardingQueryOptions = () => queryOptions({ queryKey: onboardingKeys.all, queryFn: getOnboarding });

export const useOnboarding = () => useQuery(onboardingQueryOptions());
