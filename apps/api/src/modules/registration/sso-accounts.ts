import type { Locale } from '@enlaza/contracts';
import { randomToken } from '../../lib/crypto.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { EventBus } from '../../platform/events.js';
import type { RegistrationRepository } from '../account/index.js';
import { activateAccount } from './activation.js';

/**
 * An account made by a team's single sign-on at a person's first sign-in (modules/sso): the
 * identity provider vouches for the address, whose domain the team proved, so it is active and
 * verified at once (a pending one of the same address is activated), with the first account type,
 * an alias made from the name, and no usable password (a reset sets one where SSO is not enforced).
 * Answers the account's id.
 */
export function createSsoAccounts(deps: {
  repo: RegistrationRepository;
  hashPassword: (password: string) => Promise<string>;
  events: Pick<EventBus, 'publish'>;
  suggestAlias: (from: string) => Promise<string>;
}) {
  const { repo, hashPassword, events, suggestAlias } = deps;
  return async function createVerifiedAccount(
    input: { name: string; email: string; locale: Locale | null },
    origin: RequestOrigin,
  ): Promise<string> {
    const [type] = await repo.activeAccountTypes();
    if (!type) throw new Error('no active account type');
    const alias = await suggestAlias(input.name || input.email.split('@')[0] || 'user');
    const passwordHash = await hashPassword(randomToken());
    return repo.transaction(async (tx) => {
      const values = { name: input.name, alias, email: input.email, passwordHash, accountTypeId: type.id, locale: input.locale };
      const outcome = await repo.createPendingUserUnlessTaken(tx, values);
      const user = 'created' in outcome ? outcome.created : outcome.owner;
      if ('created' in outcome)
        await events.publish('account.registered', { userId: user.id, actorId: user.id, origin, after: { email: user.email, alias } }, tx);
      await activateAccount(tx, user);
      return user.id;
    });
  };
}
