/** Sign-up, email verification, password reset and alias suggestions. */
export { aliasCandidate, ALIAS_PATTERN } from './alias.js';
export { activateAccount, RESET_TOKEN_TTL_MS, SIGN_IN_CODE_TTL_MS, VERIFY_CODE_TTL_MS, type RegistrationService } from './service.js';
export type { AliasNamespace } from './alias-namespaces.js';
