import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OnboardingAction, OnboardingChecklist } from '@enlaza/contracts';
import { apiSend } from '../http';
import { onboardingAnswer, onboardingKeys } from './onboarding';

/** `POST /api/onboarding/steps`: answers the checklist with the step done. */
export async function recordOnboardingStep(step: OnboardingAction, profileId: string): Promise<OnboardingChecklist> {
  return (await apiSend('POST', '/api/onboarding/steps', { step, profileId }, onboardingAnswer)).data;
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
      recordOnboardingStep(step, profileId).then(
        (checklist) => queryClient.setQueryData(onboardingKeys.all, checklist),
        (error: unknown) => {
          sent.delete(step);
          console.error('the checklist step was not recorded', error);
        },
      );
    },
    [queryClient],
  );
}
