/** Query keys of sign-up: the public account types, a verification link's steps by its code, and the invitation it is for. */
export const registrationKeys = {
  accountTypes: ['account-types'] as const,
  verify: (code: string) => ['register', 'verify', code] as const,
  signIn: (code: string | undefined) => ['register', 'sign-in', code] as const,
  invitation: (token: string | null) => ['register', 'invitation', token] as const,
};
