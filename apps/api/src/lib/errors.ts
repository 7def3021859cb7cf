/** Every failure the API can answer with, its HTTP status, and (in locales/*.json) its sentence. */
export const ERROR_STATUS = {
  'auth.invalid_credentials': 401,
  'auth.unauthenticated': 401,
  'auth.unverified': 403,
  'auth.suspended': 403,
  'auth.forbidden': 403,
  'auth.throttled': 429,
  'csrf.cross_site': 403,
  'csrf.invalid': 403,
  'request.throttled': 429,
  'request.conflict': 409,
  'account.email_taken': 409,
  'account.alias_taken': 409,
  'account.code_invalid': 422,
  'account.code_expired': 422,
  'account.reset_invalid': 422,
  'account.reset_expired': 422,
  'account.weak_password': 422,
  'account.type_invalid': 422,
  'admin.cannot_disable_self': 409,
  'admin.last_admin': 409,
  'catalogue.code_taken': 409,
  'record.not_found': 404,
  'profile.not_available': 404,
  'quota.cards': 403,
  'quota.tags': 403,
  'quota.sends': 403,
  'mailbox.contact_form_off': 403,
  'mailbox.send_failed': 502,
  'profile.main_profile': 409,
  'quota.storage': 403,
  'trash.over_quota_cards': 403,
  'trash.over_quota_tags': 403,
  'trash.over_quota_storage': 403,
  'file.too_large': 413,
  'file.too_many': 413,
  'file.type_not_allowed': 415,
  'file.empty': 422,
  'file.missing': 422,
  'file.link_expired': 403,
  'collection.name_taken': 409,
  'validation.failed': 422,
  'request.invalid_body': 422,
  'request.too_deep': 422,
  'request.invalid_url': 400,
  'request.unsupported_media_type': 415,
  'request.too_large': 413,
  'request.not_found': 404,
  'request.method_not_allowed': 405,
  'database.unavailable': 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type MessageParams = Record<string, string | number>;

/** The one error type of the API: a code, its status, parameters for the message, and field errors. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: MessageParams = {},
    /** Field → message codes (validation.*) with their params. */
    readonly fields?: Record<string, { code: string; params?: MessageParams }[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(code);
    this.status = ERROR_STATUS[code];
  }
}
