import { and, eq, gt, isNull, like, sql } from 'drizzle-orm';
import type { Database, Transaction as Tx } from '../../db/client.js';
import { aliasRedirects, customerCodeSeq, emailTokens, users } from './schema.js';
import { activeAccountTypes, findAccountType } from '../catalogue/index.js';

export type TokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

type PendingUser = {
  name: string;
  alias: string;
  email: string;
  passwordHash: string;
  accountTypeId: string | null;
  locale?: 'en' | 'es' | 'jp' | null;
  timeZone?: string | null;
};

/** A new account waiting for its email to be verified (registration; the demo seed's user, activated at once). */
export async function insertPendingUser(tx: Database | Tx, values: PendingUser) {
  const [row] = await tx
    .insert(users)
    .values({ ...values, role: 'user', status: 'pending', codigo: await nextCustomerCode(tx) })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/** Next customer code: EN-000001, EN-000002… unique by construction. */
export async function nextCustomerCode(db: Database | Tx): Promise<string> {
  const result = await db.execute<{ n: string }>(sql`select nextval(${sql.raw(`'${customerCodeSeq.seqName}'`)}) as n`);
  const rows = 'rows' in result ? result.rows : (result as unknown as { n: string }[]);
  return `EN-${String(rows[0]?.n ?? '').padStart(6, '0')}`;
}

/**
 * The first step of activating a verified account: only a pending account is activated, once (a link and
 * an admin's "verify" racing do it one time). False when it was not pending.
 */
export async function claimPendingAccount(tx: Database | Tx, userId: string, now: Date): Promise<boolean> {
  const [claimed] = await tx
    .update(users)
    .set({ status: 'active', emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.status, 'pending')))
    .returning({ id: users.id });
  return Boolean(claimed);
}

/** The user's main card (`perfil_id`). */
export async function setMainProfile(tx: Database | Tx, userId: string, profileId: string | null): Promise<void> {
  await tx.update(users).set({ mainProfileId: profileId }).where(eq(users.id, userId));
}

export function createRegistrationRepository(db: Database) {
  return {
    async aliasInUse(alias: string): Promise<boolean> {
      const [row] = await db
        .execute<{ taken: boolean }>(
          sql`select exists(select 1 from ${users} where ${users.alias} = ${alias}) or exists(select 1 from ${aliasRedirects} where ${aliasRedirects.alias} = ${alias}) as taken`,
        )
        .then((r) => ('rows' in r ? r.rows : (r as unknown as { taken: boolean }[])));
      return Boolean(row?.taken);
    },

    /** Aliases in use that start with a prefix (for suggestions). Bounded. */
    async aliasesStartingWith(prefix: string): Promise<Set<string>> {
      const pattern = `${prefix.replace(/[%_\\]/g, '\\$&')}%`;
      const [a, b] = await Promise.all([
        db.select({ alias: users.alias }).from(users).where(like(users.alias, pattern)).limit(1000),
        db.select({ alias: aliasRedirects.alias }).from(aliasRedirects).where(like(aliasRedirects.alias, pattern)).limit(1000),
      ]);
      return new Set([...a, ...b].map((r) => r.alias));
    },

    async findUserByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    },

    async findUserById(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    activeAccountType: (id: string) => findAccountType(db, id, true),

    activeAccountTypes: () => activeAccountTypes(db),

    /**
     * The pending account, or the account that already has the address: the same insert is tried
     * either way (a taken address makes it do nothing), so registration does the same writes whether
     * or not the address is known. A taken alias still fails with the unique violation.
     */
    async createPendingUserUnlessTaken(
      tx: Tx,
      values: PendingUser & { accountTypeId: string },
    ): Promise<{ created: typeof users.$inferSelect } | { owner: typeof users.$inferSelect }> {
      const [created] = await tx
        .insert(users)
        .values({ ...values, role: 'user', status: 'pending', codigo: await nextCustomerCode(tx) })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (created) return { created };
      const [owner] = await tx.select().from(users).where(eq(users.email, values.email));
      if (!owner) throw new Error('the address was taken and is gone');
      return { owner };
    },

    /** Replaces the user's live code; `after` (queueing the email that carries it) runs in the same transaction. */
    async replaceToken(
      values: { userId: string; purpose: TokenPurpose; tokenHash: string; email: string; expiresAt: Date },
      after: (tx: Tx) => Promise<unknown> = async () => undefined,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(emailTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(emailTokens.userId, values.userId), eq(emailTokens.purpose, values.purpose), isNull(emailTokens.usedAt)));
        await tx.insert(emailTokens).values(values);
        await after(tx);
      });
    },

    /** Issues a code inside the caller's transaction (a sign-in code with the verification that earns it). */
    async issueToken(tx: Tx, values: { userId: string; purpose: TokenPurpose; tokenHash: string; email: string; expiresAt: Date }) {
      await tx.insert(emailTokens).values(values);
    },

    async findToken(tokenHash: string, purpose: TokenPurpose) {
      const [row] = await db
        .select({ token: emailTokens, user: users })
        .from(emailTokens)
        .innerJoin(users, eq(users.id, emailTokens.userId))
        .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)));
      return row;
    },

    /** Spends a code inside `work`'s transaction; false when it was already spent (concurrent use). */
    async spendToken(tokenId: string, work: (tx: Tx) => Promise<void>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const spent = await tx
          .update(emailTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(emailTokens.id, tokenId), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)))
          .returning({ id: emailTokens.id });
        if (spent.length === 0) return false;
        await work(tx);
        return true;
      });
    },

    /** Runs `work` in one transaction (account activation spans the account, profiles and subscriptions). */
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    async setEmail(tx: Tx, userId: string, email: string): Promise<void> {
      await tx
        .update(users)
        .set({ email, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    async setPassword(tx: Tx, userId: string, passwordHash: string): Promise<void> {
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },
  };
}

export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
