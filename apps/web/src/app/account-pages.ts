/*
 * The code of the registration, password, policy, account, options and history pages, behind
 * one more dynamic import: every `import()` written in router.tsx carries the list of files it
 * needs into the entry chunk, which the login page downloads. Kept here, those lists load only
 * when one of these pages opens (the login page stays within its budget).
 */
export const accountPages = {
  register: () => import('@/features/registration/pages/register-page'),
  verify: () => import('@/features/registration/pages/verify-page'),
  resetPassword: () => import('@/features/auth/pages/reset-password-page'),
  policy: () => import('@/features/policy/pages/policy-page'),
  accountHome: () => import('@/features/account/pages/account-home-page'),
  preferences: () => import('@/features/account/pages/preferences-page'),
  options: () => import('@/features/options/pages/options-page'),
  history: () => import('@/features/history/pages/history-page'),
  mailbox: () => import('@/features/mailbox/pages/mailbox-page'),
};

export type AccountPage = keyof typeof accountPages;
