import { userDataExportSchema, type UserDataExport, type UserOptions } from '@enlaza/contracts';
import { AppError } from '../../lib/errors.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/actor.js';
import type { UserDataRegistry } from '../../platform/user-data-registry.js';
import type { AccountDirectory } from '../account/index.js';
import type { AuthService } from '../auth/index.js';
import type { RegistrationService } from '../registration/index.js';
import type { RateLimiter } from '../../lib/rate-limit.js';

/** `userData`: every module's export and erase of a user's data (platform/user-data-registry.ts). */
type Deps = {
  accounts: Pick<
    AccountDirectory,
    'options' | 'passwordMatches' | 'previousAliases' | 'aliasOwner' | 'changeAlias' | 'setNotificationEmails'
  >;
  events: Pick<EventBus, 'publish'>;
  registration: RegistrationService;
  auth: AuthService;
  limiter: RateLimiter;
  userData: Pick<UserDataRegistry, 'exportAll' | 'eraseAll'>;
};

/** Opciones: public alias, notification emails, export of my data, delete my account. */
export function createOptionsService({ accounts, events, registration, auth, limiter, userData }: Deps) {
  async function optionsOf(userId: string, saved: { alias: string; notificationEmails: string[] }): Promise<UserOptions> {
    return {
      alias: saved.alias,
      previousAliases: await accounts.previousAliases(userId),
      notificationEmails: saved.notificationEmails as UserOptions['notificationEmails'],
    };
  }

  return {
    options: async (actor: Actor): Promise<UserOptions> => optionsOf(actor.id, await accounts.options(actor.id)),

    async changeAlias(actor: Actor, alias: string, origin: RequestOrigin): Promise<UserOptions> {
      const user = { id: actor.id, ...(await accounts.options(actor.id)) };
      if (alias !== user.alias) {
        const owner = await accounts.aliasOwner(alias);
        // A team's alias is in the same namespace (`/link/{alias}`): refused like another user's.
        if ((owner && owner !== user.id) || (!owner && (await registration.aliasHeldElsewhere(alias)))) {
          const { suggestion } = await registration.checkAlias({ alias });
          throw new AppError(
            'account.alias_taken',
            { suggestion },
            { alias: [{ code: 'validation.alias_taken', params: { suggestion } }] },
          );
        }
        await accounts.changeAlias(user.id, user.alias, alias);
        auth.forgetUser(user.id);
        await events.publish('alias.changed', {
          userId: user.id,
          actorId: user.id,
          origin,
          before: { alias: user.alias },
          after: { alias },
        });
      }
      return optionsOf(user.id, { ...user, alias });
    },

    async setNotificationEmails(actor: Actor, kinds: string[], origin: RequestOrigin): Promise<UserOptions> {
      const user = { id: actor.id, ...(await accounts.options(actor.id)) };
      const unique = [...new Set(kinds)];
      await accounts.setNotificationEmails(user.id, unique);
      auth.forgetUser(user.id);
      await events.publish('notifications.updated', {
        userId: user.id,
        actorId: user.id,
        origin,
        before: { notificationEmails: user.notificationEmails },
        after: { notificationEmails: unique },
      });
      return optionsOf(user.id, { ...user, notificationEmails: unique });
    },

    /** Every module's section of the user's data, checked against the declared contract (nothing undeclared leaves). */
    async exportData(actor: Actor, origin: RequestOrigin): Promise<UserDataExport> {
      const sections = await userData.exportAll(actor.id);
      await events.publish('data.exported', { userId: actor.id, actorId: actor.id, origin });
      return userDataExportSchema.parse({ exportedAt: new Date().toISOString(), ...sections });
    },

    /**
     * Closes the account and erases every module's personal data in one transaction, then the stored
     * bytes. The deletion itself is kept in the audit log without naming the account's owner.
     */
    async deleteAccount(actor: Actor, password: string, origin: RequestOrigin): Promise<void> {
      await limiter.consume([{ key: `password-check:${actor.id}`, max: 10, windowMs: 15 * 60_000 }]);
      if (!(await accounts.passwordMatches(actor.id, password)))
        throw new AppError('validation.failed', {}, { password: [{ code: 'validation.wrong_password' }] });
      const { failed } = await userData.eraseAll(actor.id);
      auth.forgetUser(actor.id);
      await events.publish('account.deleted', {
        userId: null,
        actorId: null,
        target: { type: 'user', id: actor.id },
        origin: { address: null, device: origin.device },
        ...(failed ? { after: { bytesLeft: failed } } : {}),
      });
    },
  };
}

export type OptionsService = ReturnType<typeof createOptionsService>;
