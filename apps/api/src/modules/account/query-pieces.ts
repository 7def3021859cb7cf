import { and, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { queryPieces } from '../../platform/query-pieces.js';
import { nextCustomerCode } from './registration-repository.js';
import { aliasRedirects, sessions, users } from './schema.js';

/**
 * Users as other modules may join them in their own statements (the admin's lists, the public
 * page's owner): identity, role, status and contact fields, never the password hash or billing
 * details. A subquery PostgreSQL flattens into the caller's plan, so it costs no extra query.
 */
export const userPiece = (alias = 'account_user') =>
  queryPieces
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      alias: users.alias,
      codigo: users.codigo,
      role: users.role,
      status: users.status,
      accountTypeId: users.accountTypeId,
      phone: users.phone,
      country: users.country,
      locale: users.locale,
      emailVerifiedAt: users.emailVerifiedAt,
      notificationEmails: users.notificationEmails,
      createdAt: users.createdAt,
    })
    .from(users)
    .as(alias);

/** Each user's main card (`perfil_id`), for a statement about that card (the guided start's checklist). */
export const mainCardPiece = (alias = 'account_main_card') =>
  queryPieces.select({ userId: users.id, mainProfileId: users.mainProfileId }).from(users).as(alias);

/**
 * What the tax of a sale to a user depends on, for the billing modules' own statements: where they
 * are (their billing address's country, else their account's; the address's postal code) and the tax id they gave.
 */
export const taxPositionPiece = (alias = 'account_tax_position') =>
  queryPieces
    .select({
      id: users.id,
      country: sql<string | null>`coalesce(${users.billingAddress}->>'country', ${users.country})`.as('tax_country'),
      // With the billing address's country: what tells the Canary Islands, Ceuta and Melilla from the rest of Spain.
      postalCode: sql<string | null>`${users.billingAddress}->>'postalCode'`.as('tax_postal_code'),
      taxId: users.taxId,
    })
    .from(users)
    .as(alias);

/** Whether `alias` is one of this user's old aliases (those still redirect to the current one). */
export async function isOldAlias(db: Database | Transaction, alias: string, userId: string): Promise<boolean> {
  const [old] = await db
    .select({ alias: aliasRedirects.alias })
    .from(aliasRedirects)
    .where(and(eq(aliasRedirects.alias, alias), eq(aliasRedirects.userId, userId)));
  return Boolean(old);
}

/**
 * Whose public alias this is, current or old (an old one keeps pointing to its owner), with their
 * current alias and main card (`perfil_id`); null when nobody has it. One statement.
 */
export async function aliasMainCard(
  db: Database | Transaction,
  alias: string,
): Promise<{ userId: string; alias: string; mainProfileId: string | null } | null> {
  const [row] = await db
    .select({ userId: users.id, alias: users.alias, mainProfileId: users.mainProfileId })
    .from(users)
    .where(
      or(
        eq(users.alias, alias),
        inArray(users.id, db.select({ id: aliasRedirects.userId }).from(aliasRedirects).where(eq(aliasRedirects.alias, alias))),
      ),
    )
    // The current holder first (an alias is never both, but the answer must not depend on it).
    .orderBy(sql`${users.alias} = ${alias} desc`)
    .limit(1);
  return row ?? null;
}

// The administrators' writes to accounts (Usuarios and Administradores).

export async function setUserStatus(db: Database | Transaction, id: string, status: 'pending' | 'active' | 'suspended'): Promise<void> {
  await db
    .update(users)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/** Signs the user out everywhere. */
export async function revokeAllSessions(db: Database | Transaction, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** A new administrator, active and verified, with the next customer code. */
export async function insertAdmin(
  db: Database | Transaction,
  values: { name: string; email: string; alias: string; passwordHash: string },
) {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: 'admin', status: 'active', emailVerifiedAt: new Date(), codigo: await nextCustomerCode(db) })
    .returning();
  if (!row) throw new Error('admin insert returned nothing');
  return row;
}

/** Whether any account exists (an empty database is seeded on its first start). */
export async function hasAccounts(db: Database | Transaction): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return Boolean(row);
}

/**
 * Disables an admin unless it would leave no active admin. The active admins are locked for the
 * check, so two admins disabling each other at once cannot both succeed.
 */
export async function disableAdminUnlessLast(db: Database, id: string): Promise<'done' | 'last_admin'> {
  return db.transaction(async (tx: Transaction) => {
    const active = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
      .for('update');
    if (active.length <= 1 && active.some((a) => a.id === id)) return 'last_admin';
    await setUserStatus(tx, id, 'suspended');
    await revokeAllSessions(tx, id);
    return 'done';
  });
}

/** The active admins' ids (the notifications for the admins: a disputed payment). */
export async function activeAdminIds(db: Database | Transaction): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}

export async function emailInUse(db: Database | Transaction, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return Boolean(row);
}

/**
 * Of these accounts, the ones erased (the row kept with status `deleted`) or gone, their rows locked
 * until the caller's transaction ends: an erasure, which updates the row, waits for the caller.
 */
export async function erasedAccounts(tx: Database | Transaction, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const live = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), sql`${users.status} <> 'deleted'`))
    .for('share');
  const kept = new Set(live.map((row) => row.id));
  return new Set(ids.filter((id) => !kept.has(id)));
}

/** A user's name by id, for the caller's select list (a correlated scalar subquery; `userId` qualified). */
export const userNameSql = (userId: AnyColumn | SQL): SQL<string | null> =>
  sql<string | null>`(select u.name from ${users} u where u.id = ${userId})`;

/** When a user was last seen on one of their signed-in devices (null: never, or signed out everywhere). */
export const lastSeenSql = (userId: AnyColumn | SQL): SQL<string | null> =>
  sql<string | null>`(select max(s.last_used_at) from ${sessions} s where s.user_id = ${userId})`;
