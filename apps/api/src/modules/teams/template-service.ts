import type { TeamTemplate, TeamTemplateBody } from '@enlaza/contracts';
import type { Actor } from '../../platform/actor.js';
import type { RequireAccess } from '../../platform/access.js';
import { applyLockedValues } from '../profiles/index.js';
import { templateOf } from './card-templates.js';
import type { TeamContext } from './context.js';
import { lockedCardValues } from './locks.js';
import type { TeamsRepository } from './repository.js';
import type { TemplateRepository } from './template-repository.js';

type Deps = { repo: TeamsRepository; templates: TemplateRepository; context: TeamContext; requireAccess: RequireAccess };

/** The team's card template: every member reads it; owner and admins change it, and its locked fields reach every card at once. */
export function createTemplateService({ repo, templates, context, requireAccess }: Deps) {
  return {
    async get(actor: Actor): Promise<TeamTemplate> {
      const { team } = await context.teamOf(actor, 'member');
      const row = await templates.find(team.id);
      if (!row) throw new Error(`team ${team.id} has no template`);
      return templateOf(row);
    },

    /**
     * Saves the template and writes its locked values on every card of the team in one statement, in
     * the same transaction (the profiles trigger then drops their cached public pages and vCards in
     * every process). A new logo or cover is a file of the editor's cloud (404 otherwise).
     */
    async save(actor: Actor, body: TeamTemplateBody): Promise<TeamTemplate & { cardsUpdated: number }> {
      const { team } = await context.teamOf(actor, 'manager');
      const current = await templates.find(team.id);
      const kept = new Set([current?.logoFileId, current?.coverFileId, team.logoFileId, team.coverFileId]);
      await requireAccess(
        actor,
        'file',
        [body.values.logoFileId, body.values.coverFileId].filter((id): id is string => Boolean(id) && !kept.has(id)),
      );
      return repo.transaction(async (tx) => {
        const locked = await templates.findForUpdate(tx, team.id);
        if (!locked) throw new Error(`team ${team.id} has no template`);
        const before = templateOf(locked);
        const saved = templateOf(await templates.save(tx, team.id, body));
        const cardsUpdated = await applyLockedValues(tx, team.id, lockedCardValues(saved, before.values.links));
        await context.record(
          'team.template_changed',
          {
            actor,
            target: { type: 'team', id: team.id },
            before: { name: team.name, ...before.values, locks: before.locks },
            after: { name: team.name, ...saved.values, locks: saved.locks },
          },
          tx,
        );
        return { ...saved, cardsUpdated };
      });
    },
  };
}

export type TemplateService = ReturnType<typeof createTemplateService>;
