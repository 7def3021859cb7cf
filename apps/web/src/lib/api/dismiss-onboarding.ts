import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingChecklist } from '@enlaza/contracts';
import { apiSend } from '../http';
import { onboardingAnswer, onboardingKeys } from './onboarding';

/** `POST /api/onboarding/dismiss`: gone for good, on every browser of the account. */
export async function dismissOnboarding(): Promise<OnboardingChecklist> {
  return (await apiSend('POST', '/api/onboarding/dismiss', undefined, onboardingAnswer)).data;
}

export function useDismissOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissOnboarding,
    onSuccess: (checklist) => queryClient.setQueryData(onboardingKeys.all, checklist),
  });
}
