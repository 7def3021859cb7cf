import { userDataSectionsSchema, type UserDataSection, type UserDataSections } from '@enlaza/contracts';
import type { Database, Transaction } from '../db/client.js';

/** Work to do once the erase transaction has committed (deleting stored bytes, which no transaction covers). */
export type AfterErase = () => Promise<void>;

/**
 * What a module registers for the personal data it stores: `export` answers its section of
 * "export my data" (the contract in packages/contracts/src/user-data.ts); `erase` removes every row
 * of the user in its tables inside the account-deletion transaction, and may return the removal of
 * stored bytes to run after the commit.
 */
export interface UserDataProvider<S extends UserDataSection = UserDataSection> {
  section: S;
  export(userId: string): Promise<UserDataSections[S]>;
  erase(userId: string, tx: Transaction): Promise<AfterErase | void>;
  /**
   * Tables whose rows of the user are deliberately KEPT after the account is erased, each with the
   * reason (a legal duty, e.g. invoices kept for the tax authority). Every other table with a
   * `user_id` must hold no row of an erased user.
   */
  retains?: readonly RetainedTable[];
}

/** A table the erase keeps rows of, and why. */
export interface RetainedTable {
  table: string;
  reason: string;
}

export type UserDataRegistry = ReturnType<typeof createUserDataRegistry>;

/** The contract's order of the sections: export and erase go through them in it, whatever order modules register in. */
const SECTION_ORDER = Object.keys(userDataSectionsSchema.shape) as UserDataSection[];

/** Sections register once, at start-up; export and erase never read a module's tables themselves. */
export function createUserDataRegistry(db: Database) {
  const providers = new Map<UserDataSection, UserDataProvider>();

  return {
    register(...list: UserDataProvider[]) {
      for (const p of list) {
        if (providers.has(p.section)) throw new Error(`user data section ${p.section} registered twice`);
        providers.set(p.section, p);
      }
      const registered = [...providers.values()];
      providers.clear();
      for (const section of SECTION_ORDER) {
        const p = registered.find((r) => r.section === section);
        if (p) providers.set(section, p);
      }
    },

    /** Every section of the user; a section nobody registered is a start-up mistake, not an empty answer. */
    async exportAll(userId: string): Promise<UserDataSections> {
      const entries = await Promise.all([...providers.values()].map(async (p) => [p.section, await p.export(userId)] as const));
      return Object.fromEntries(entries) as UserDataSections;
    },

    /** Erases every module's part in one transaction, then deletes stored bytes; answers how many byte removals failed. */
    async eraseAll(userId: string): Promise<{ failed: number }> {
      const after: AfterErase[] = [];
      await db.transaction(async (tx) => {
        for (const p of providers.values()) {
          const cleanup = await p.erase(userId, tx);
          if (cleanup) after.push(cleanup);
        }
      });
      let failed = 0;
      for (const cleanup of after) await cleanup().catch(() => (failed += 1));
      return { failed };
    },

    sections: () => [...providers.keys()],

    /** The tables kept after an erase (declared by their providers), with the reasons. */
    retained: (): RetainedTable[] => [...providers.values()].flatMap((p) => p.retains ?? []),
  };
}

/** A timestamp as the export writes it. */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

declare module 'fastify' {
  interface FastifyInstance {
    /** The user-data registry (export and erase of every module), for tests and the worker. */
    userData: UserDataRegistry;
  }
}
