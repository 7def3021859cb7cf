/**
 * The shortest new password (`newPasswordSchema`); the SPA's and the registration page's hints and
 * checks say the same. In a file without zod, so the server-rendered pages' small scripts can import
 * it without carrying the schemas.
 */
export const PASSWORD_MIN_LENGTH = 10;
