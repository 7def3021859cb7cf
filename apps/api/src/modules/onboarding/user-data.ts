import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { iso, type UserDataProvider } from '../../platform/user-data-registry.js';
import { onboardingChecklists } from './schema.js';

/** The guided start's checklist of the user (none for an account older than it). */
export function createOnboardingUserData(db: Database): UserDataProvider<'onboarding'> {
  return {
    section: 'onboarding',
    async export(userId) {
      const [row] = await db.select().from(onboardingChecklists).where(eq(onboardingChecklists.userId, userId));
      return row
        ? {
            startedAt: row.createdAt.toISOString(),
            previewedAt: iso(row.previewedAt),
            sharedAt: iso(row.sharedAt),
            dismissedAt: iso(row.dismissedAt),
          }
        : null;
    },
    async erase(userId, tx) {
      await tx.delete(onboardingChecklists).where(eq(onboardingChecklists.userId, userId));
    },
  };
}
