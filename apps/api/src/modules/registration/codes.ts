import type { Locale } from '@enlaza/contracts';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { renderEmail } from '../../lib/email-templates.js';
import { AppError } from '../../lib/errors.js';
import type { Transaction } from '../../db/client.js';
import type { Mailer } from '../../platform/mailer.js';
import type { RegistrationRepository } from '../account/index.js';
import { ALIAS_PATTERN, aliasCandidate, firstFreeAlias } from './alias.js';

const HOUR = 60 * 60 * 1000;
export const VERIFY_CODE_TTL_MS = 24 * HOUR;
export const RESET_TOKEN_TTL_MS = HOUR;

export type CodeRecipient = { id: string; name: string; email: string; locale: Locale | null };

/** A free alias like the one asked for (or made from a name), and the "alias taken" error that offers it. */
export function aliasSuggestions(repo: Pick<RegistrationRepository, 'aliasesStartingWith'>) {
  async function suggestAlias(from: string): Promise<string> {
    const base = ALIAS_PATTERN.test(from) ? from : aliasCandidate(from);
    return firstFreeAlias(base, await repo.aliasesStartingWith(base.slice(0, 25)));
  }
  async function aliasTaken(alias: string): Promise<AppError> {
    const suggestion = await suggestAlias(alias);
    return new AppError('account.alias_taken', { suggestion }, { alias: [{ code: 'validation.alias_taken', params: { suggestion } }] });
  }
  return { suggestAlias, aliasTaken };
}

/**
 * Issues a single-use code and emails its link. Verification and email-change codes both open
 * /register/verify/{code}; reset codes open /reset-password/{token}/{email}.
 */
export function createCodeSender({ repo, mailer, publicUrl }: { repo: RegistrationRepository; mailer: Mailer; publicUrl: string }) {
  return async function sendCode(
    user: CodeRecipient,
    purpose: 'verify_email' | 'reset_password' | 'change_email' | 'admin_invite',
    background: boolean,
    to = user.email,
    /** The caller's transaction (registration): the code and its email are written in it. */
    tx?: Transaction,
  ) {
    const code = randomToken();
    const tokenPurpose = purpose === 'admin_invite' ? 'reset_password' : purpose;
    const ttl = tokenPurpose === 'reset_password' ? RESET_TOKEN_TTL_MS : VERIFY_CODE_TTL_MS;
    const link =
      tokenPurpose === 'reset_password'
        ? `${publicUrl}/reset-password/${code}/${encodeURIComponent(to)}`
        : `${publicUrl}/register/verify/${code}`;
    const email = {
      to,
      userId: user.id,
      kind: 'system' as const,
      ...renderEmail(user.locale ?? 'en', purpose, { name: user.name, link, email: to }),
    };
    // The code and the email carrying it are one transaction: never a code without its email, nor the reverse.
    const write = () =>
      repo.replaceToken(
        { userId: user.id, purpose: tokenPurpose, tokenHash: sha256(code), email: to, expiresAt: new Date(Date.now() + ttl) },
        (tx) => mailer.send(email, { tx }),
      );
    if (tx) {
      await repo.issueToken(tx, {
        userId: user.id,
        purpose: tokenPurpose,
        tokenHash: sha256(code),
        email: to,
        expiresAt: new Date(Date.now() + ttl),
      });
      await mailer.send(email, { tx });
    } else if (background) mailer.defer(write);
    else await write();
  };
}
