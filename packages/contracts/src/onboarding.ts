import { z } from 'zod';

/**
 * The guided start: a three-step checklist on the user dashboard from the first sign-in until it is
 * dismissed. `card`: the main card has a photo and a phone; `preview`: the user saw a card as its
 * visitors do (the owner view's preview, or the public page opened from it); `share`: the user copied
 * a card's link or downloaded its QR code.
 */
export const onboardingStepKeySchema = z.enum(['card', 'preview', 'share']);
export type OnboardingStepKey = z.infer<typeof onboardingStepKeySchema>;

/** The steps recorded by an action (the first is computed from the card itself). */
export const onboardingActionSchema = z.enum(['preview', 'share']);
export type OnboardingAction = z.infer<typeof onboardingActionSchema>;

/** `GET /api/onboarding`: computed on the server in one read. */
export const onboardingChecklistSchema = z.object({
  /** Shown on the dashboard: the account started with it (activated after it existed) and has not dismissed it. */
  visible: z.boolean(),
  /** The card the steps link to: the main card (`perfil_id`). */
  profileId: z.string().nullable(),
  /** Always the three steps, in this order: card, preview, share. */
  steps: z.array(z.object({ key: onboardingStepKeySchema, done: z.boolean() })),
});
export type OnboardingChecklist = z.infer<typeof onboardingChecklistSchema>;

/** `POST /api/onboarding/steps`: an action on one of the user's own cards or tags (another user's answers 404). */
export const onboardingStepBodySchema = z.object({ step: onboardingActionSchema, profileId: z.uuid() });
