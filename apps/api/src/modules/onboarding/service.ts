import type { OnboardingAction, OnboardingChecklist } from '@enlaza/contracts';
import type { RequireAccess } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import type { ChecklistFacts, OnboardingRepository } from './repository.js';

/** The answer of `GET /api/onboarding` from what the repository read. */
export function checklistOf(facts: ChecklistFacts | null): OnboardingChecklist {
  return {
    visible: Boolean(facts?.started && !facts.dismissed),
    profileId: facts?.mainProfileId ?? null,
    steps: [
      { key: 'card', done: Boolean(facts?.cardHasPhoto && facts.cardHasPhone) },
      { key: 'preview', done: Boolean(facts?.previewed) },
      { key: 'share', done: Boolean(facts?.shared) },
    ],
  };
}

/** The guided start: the checklist's state, its recorded actions and its dismissal (PRODUCT.md section 5, dashboard). */
export function createOnboardingService(repo: OnboardingRepository, requireAccess: RequireAccess) {
  const state = async (actor: Actor) => checklistOf(await repo.facts(actor.id));
  return {
    state,

    /** An action on one of the actor's own live cards or tags; another user's (or a trashed one) is 404. */
    async record(actor: Actor, input: { step: OnboardingAction; profileId: string }): Promise<OnboardingChecklist> {
      await requireAccess(actor, 'profile', input.profileId);
      await repo.record(actor.id, input.step);
      return state(actor);
    },

    /** Dismissed, it stays away: stored per account, so every browser sees the same. */
    async dismiss(actor: Actor): Promise<OnboardingChecklist> {
      await repo.dismiss(actor.id);
      return state(actor);
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
