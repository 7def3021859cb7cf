import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export function createAccountRepository(db: Database) {
  return {
    async updatePersonal(userId: string, values: { name: string; phone: string | null; country: string | null }) {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
