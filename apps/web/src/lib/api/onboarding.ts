import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponse, onboardingChecklistSchema, type OnboardingAction, type OnboardingChecklist } from '@enlaza/contracts';
import { apiGet, apiSend } from '../http';

const schema = okResponse(onboardingChecklistSchema);

/** Query keys of the guided start's checklist. */
export const onboardingKeys = { all: ['onboarding'] as const };

/** `GET /api/onboarding`: the guided start's checklist, its steps computed by the server. */
export function useOnboarding() {
  return useQuery({
    queryKey: onboardingKeys.all,
    queryFn: async (): Promise<OnboardingChecklist> => (await apiGet('/api/onboarding', schema)).data,
  });
}

/** `POST /api/onboarding/dismiss`: gone for good, on every browser of the account. */
export function useDismissOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiSend('POST', '/api/onboarding/dismiss', undefined, schema)).data,
    onSuccess: (checklist) => queryClient.setQueryData(onboardingKeys.all, checklist),
  });
}

/** Steps already sent from this page load, so a screen opened again does not send them again. */
const sent = new Set<OnboardingAction>();

/**
 * Records a checklist action on one of the user's cards (`preview`: it was seen as visitors see it;
 * `share`: its link copied or its QR code downloaded). Sent only while the checklist could still
 * need it, once per page load; a failure is not the user's concern (the step stays to do).
 */
export function useRecordOnboardingStep() {
  const queryClient = useQueryClient();
  return useCallback(
    (step: OnboardingAction, profileId: string) => {
      const held = queryClient.getQueryData<OnboardingChecklist>(onboardingKeys.all);
      if (held && (!held.visible || held.steps.some((s) => s.key === step && s.done))) return;
      if (sent.has(step)) return;
      sent.add(step);
      apiSend('POST', '/api/onboarding/steps', { step, profileId }, schema).then(
        (answer) => queryClient.setQueryData(onboardingKeys.all, answer.data),
        (error: unknown) => {
          sent.delete(step);
          console.error('the checklist step was not recorded', error);
        },
      );
    },
    [queryClient],
  );
}
