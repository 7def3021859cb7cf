import { renderEmail } from '../../lib/email-templates.js';
import { AppError } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { Mailer } from '../../platform/mailer.js';
import type { UserRow } from '../account/index.js';

/** Emails an account's owner gets a day about registrations tried with their address; more attempts are silent. */
export const TAKEN_EMAIL_NOTICES_PER_DAY = 3;

/**
 * Registering with an address that already has an account answers exactly as a new registration
 * ("check your email"), so the form cannot tell who has an account. The address's owner is told
 * instead, in their language and the product's email layout: someone tried, sign in or reset the
 * password if it was you. The caller awaits it as it would the verification email of a new account.
 */
export function createTakenEmailNotice({ mailer, limiter, publicUrl }: { mailer: Mailer; limiter: RateLimiter; publicUrl: string }) {
  return async function tellOwner(owner: Pick<UserRow, 'id' | 'name' | 'email' | 'locale'>): Promise<void> {
    const due = await limiter
      .hit([{ key: `register-taken:${owner.id}`, max: TAKEN_EMAIL_NOTICES_PER_DAY, windowMs: 24 * 60 * 60 * 1000 }])
      .then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError) return false; // over the daily count: answer the same, send nothing
          throw error;
        },
      );
    if (!due) return;
    await mailer.send({
      to: owner.email,
      userId: owner.id,
      kind: 'system',
      ...renderEmail(owner.locale ?? 'en', 'registration_attempted', { name: owner.name, email: owner.email, link: `${publicUrl}/` }),
    });
  };
}
