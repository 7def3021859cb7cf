import { eq, sql } from 'drizzle-orm';
import type { TeamTemplateBody } from '@enlaza/contracts';
import type { Database, Transaction } from '../../db/client.js';
import { teamTemplates } from './schema.js';

export type TemplateRow = typeof teamTemplates.$inferSelect;

/** The team's card template. */
export function createTemplateRepository(db: Database) {
  return {
    async find(teamId: string, tx: Database | Transaction = db): Promise<TemplateRow | undefined> {
      const [row] = await tx.select().from(teamTemplates).where(eq(teamTemplates.teamId, teamId));
      return row;
    },

    /** Locks the template's row for a change (two saves at once apply one after the other, each fanning out whole). */
    async findForUpdate(tx: Transaction, teamId: string): Promise<TemplateRow | undefined> {
      const [row] = await tx.select().from(teamTemplates).where(eq(teamTemplates.teamId, teamId)).for('update');
      return row;
    },

    async save(tx: Transaction, teamId: string, { values, locks }: TeamTemplateBody): Promise<TemplateRow> {
      const [row] = await tx
        .update(teamTemplates)
        .set({
          company: values.company,
          logoFileId: values.logoFileId,
          coverFileId: values.coverFileId,
          address: values.address,
          website: values.website,
          theme: values.theme,
          links: values.links,
          locks,
          updatedAt: sql`now()`,
        })
        .where(eq(teamTemplates.teamId, teamId))
        .returning();
      if (!row) throw new Error(`team ${teamId} has no template`);
      return row;
    },
  };
}

export type TemplateRepository = ReturnType<typeof createTemplateRepository>;
