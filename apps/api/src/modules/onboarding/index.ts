/** The guided start: the new account's checklist on the user dashboard. */
export { startOnboarding } from './repository.js';
export type { OnboardingService } from './service.js';
