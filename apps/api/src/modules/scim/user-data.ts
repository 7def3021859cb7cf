import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { UserDataProvider } from '../../platform/user-data-registry.js';
import { scimGroupMembers, scimGroups, scimUsers } from './schema.js';

/** What teams' identity providers said about the user through SCIM, and the groups they put them in; erased with the account. */
export function createScimUserData(db: Database): UserDataProvider<'scim'> {
  return {
    section: 'scim',
    async export(userId) {
      const [users, groups] = await Promise.all([
        db.select().from(scimUsers).where(eq(scimUsers.userId, userId)).orderBy(asc(scimUsers.createdAt)),
        db
          .select({ teamId: scimGroups.teamId, displayName: scimGroups.displayName })
          .from(scimGroupMembers)
          .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
          .where(eq(scimGroupMembers.userId, userId))
          .orderBy(asc(scimGroups.displayName)),
      ]);
      return {
        users: users.map((u) => ({
          teamId: u.teamId,
          externalId: u.externalId,
          attributes: u.attributes,
          updatedAt: u.updatedAt.toISOString(),
        })),
        groups,
      };
    },
    async erase(userId, tx) {
      await tx.delete(scimGroupMembers).where(eq(scimGroupMembers.userId, userId));
      await tx.delete(scimUsers).where(eq(scimUsers.userId, userId));
    },
  };
}
