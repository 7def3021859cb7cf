import type { UserOptions } from '@enlaza/contracts';
import { hashPassword, randomToken, verifyPassword } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import type { ActivityService, RequestOrigin } from '../activity/service.js';
import type { UserRow } from '../auth/repository.js';
import type { AuthService } from '../auth/service.js';
import type { RegistrationService } from '../registration/service.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { OptionsRepository } from './repository.js';

/** Never exported: secrets and internal bookkeeping. */
const PRIVATE_USER_FIELDS = new Set(['passwordHash']);

/** `files`: the cloud's own deletion of a user's files (rows and bytes). */
type Deps = { repo: OptionsRepository; activity: ActivityService; registration: RegistrationService; auth: AuthService; limiter: RateLimiter; files: { removeAllOf(userId: string): Promise<{ removed: number; failed: number }> } };

/** Opciones: public alias, notification emails, export of my data, delete my account. */
export function createOptionsService({ repo, activity, registration, auth, limiter, files }: Deps) {
  return {
    async options(user: UserRow): Promise<UserOptions> {
      return { alias: user.alias, previousAliases: await repo.previousAliases(user.id), notificationEmails: user.notificationEmails as UserOptions['notificationEmails'] };
    },

    async changeAlias(user: UserRow, alias: string, origin: RequestOrigin): Promise<UserOptions> {
      if (alias !== user.alias) {
        const owner = await repo.aliasOwner(alias);
        if (owner && owner !== user.id) {
          const { suggestion } = await registration.checkAlias({ alias });
          throw new AppError('account.alias_taken', { suggestion }, { alias: [{ code: 'validation.alias_taken', params: { suggestion } }] });
        }
        await repo.changeAlias(user.id, user.alias, alias);
        auth.forgetUser(user.id);
        await activity.record({ action: 'alias.changed', userId: user.id, actorId: user.id, origin, before: { alias: user.alias }, after: { alias } });
      }
      return this.options({ ...user, alias });
    },

    async setNotificationEmails(user: UserRow, kinds: string[], origin: RequestOrigin): Promise<UserOptions> {
      const unique = [...new Set(kinds)];
      await repo.setNotificationEmails(user.id, unique);
      auth.forgetUser(user.id);
      await activity.record({ action: 'notifications.updated', userId: user.id, actorId: user.id, origin, before: { notificationEmails: user.notificationEmails }, after: { notificationEmails: unique } });
      return this.options({ ...user, notificationEmails: unique });
    },

    async exportData(user: UserRow, origin: RequestOrigin) {
      const data = await repo.exportData(user.id);
      await activity.record({ action: 'data.exported', userId: user.id, actorId: user.id, origin });
      const account = Object.fromEntries(Object.entries(data.user ?? {}).filter(([k]) => !PRIVATE_USER_FIELDS.has(k)));
      return { exportedAt: new Date().toISOString(), ...data, user: account };
    },

    async deleteAccount(user: UserRow, password: string, origin: RequestOrigin): Promise<void> {
      await limiter.consume([{ key: `password-check:${user.id}`, max: 10, windowMs: 15 * 60_000 }]);
      if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('validation.failed', {}, { password: [{ code: 'validation.wrong_password' }] });
      const tag = user.id.slice(0, 8);
      await repo.anonymise(user.id, { email: `deleted-${user.id}@deleted.invalid`, alias: `deleted-${tag}-${randomToken(3).toLowerCase().replace(/[^a-z0-9]/g, '0')}`, passwordHash: await hashPassword(randomToken()) });
      auth.forgetUser(user.id);
      // The account is closed first; the files (rows and their bytes on disk or S3) go right after.
      await files.removeAllOf(user.id);
      await activity.record({ action: 'account.deleted', userId: user.id, actorId: user.id, origin: { address: null, device: origin.device } });
    },
  };
}

export type OptionsService = ReturnType<typeof createOptionsService>;
