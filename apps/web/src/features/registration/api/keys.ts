/** Query keys of sign-up: the public account types and a verification link's steps, by its code. */
export const registrationKeys = {
  accountTypes: ['account-types'] as const,
  verify: (code: string) => ['register', 'verify', code] as const,
  signIn: (code: string | undefined) => ['register', 'sign-in', code] as const,
};
