import { okResponse, ssoDomainSchema, ssoSettingsSchema } from '@enlaza/contracts';

/** The query keys of the team's single sign-on. */
export const ssoKeys = {
  settings: ['team', 'sso'] as const,
  test: (id: string) => ['team', 'sso', 'test', id] as const,
};

/** The answer that holds the whole settings (every change answers them). */
export const ssoSettingsAnswer = okResponse(ssoSettingsSchema);
/** The answer that holds one domain. */
export const ssoDomainAnswer = okResponse(ssoDomainSchema);
