import type { CurrentUser } from '@enlaza/contracts';
import { AppError } from '../../lib/errors.js';
import { addressKey } from '../../lib/rate-limit.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { SessionsRepository, UserRow } from '../account/index.js';
import type { KnownAddresses } from './two-factor.js';

/** The sso module's answer: must this address sign in through its team's identity provider (an enforced, proven domain; never the team's owner)? */
export type SsoRule = { required(email: string): Promise<boolean> };

/**
 * Sign-in and a team's single sign-on (docs/teams.md, "Single sign-on"): an address that must use
 * its team's identity provider is refused every other way in (`auth.sso_required`), and whom the
 * provider vouched for gets the ordinary session.
 */
export function createSsoGate(deps: {
  repo: Pick<SessionsRepository, 'findUserById'>;
  knownAddresses: KnownAddresses;
  ssoRule: () => SsoRule;
  startSession: (user: UserRow, origin: RequestOrigin) => Promise<{ token: string; user: CurrentUser }>;
}) {
  const { repo, knownAddresses, ssoRule, startSession } = deps;
  return {
    /** Password, passkey, one-time code and password reset: 403 `auth.sso_required` for an address of an enforced domain. */
    async refuseWithoutSso(email: string): Promise<void> {
      if (await ssoRule().required(email.trim().toLowerCase())) throw new AppError('auth.sso_required');
    },

    /**
     * A sign-in through the team's identity provider (modules/sso): the same session as any other and
     * the address remembered; no second factor of ours (the identity provider asks its own).
     */
    async signInThroughSso(userId: string, origin: RequestOrigin): Promise<{ token: string; user: CurrentUser }> {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError('sso.exchange_invalid');
      if (user.status === 'suspended') throw new AppError('auth.suspended');
      if (user.status !== 'active' || !user.emailVerifiedAt) throw new AppError('auth.unverified');
      await knownAddresses.remember(user.id, addressKey(origin.address ?? ''));
      return startSession(user, origin);
    },
  };
}
