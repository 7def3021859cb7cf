import {
  TEAM_TEMPLATE_FIELDS,
  type ProfileInput,
  type TeamTemplate,
  type TeamTemplateField,
  type TeamTemplateLocks,
} from '@enlaza/contracts';
import type { SharedLink } from './team-cards.js';

// A team card's locked fields are the team's choice (its template, which the teams module keeps and
// writes onto the cards with `applyLockedValues`); refusing an edit that changes one is this module's,
// since the edit is a write of its own rows: it reads the card's template (`teamCardTemplates` of the
// teams module) and never calls teams back.

export const lockedFieldsOf = (locks: TeamTemplateLocks): TeamTemplateField[] => TEAM_TEMPLATE_FIELDS.filter((f) => locks[f] === 'locked');

const text = (value: string | null | undefined) => (value ?? '').trim() || null;
const sameLinks = (a: SharedLink[], b: SharedLink[]) =>
  a.length === b.length && a.every((l, i) => l.label === b[i]?.label && l.url === b[i]?.url);

/** The locked fields a card's input would change: each must equal the template's value (the shared links must come first, in order). */
export function lockedChanges(template: TeamTemplate, input: ProfileInput): TeamTemplateField[] {
  const v = template.values;
  const card = input.kind === 'card' ? input.card : null;
  const differs: Record<TeamTemplateField, boolean> = {
    company: text(card?.company) !== text(v.company),
    address: text(card?.address) !== text(v.address),
    website: text(card?.website) !== text(v.website),
    // Left out, the card keeps the logo it has (the template's).
    logo: input.logoFileId !== undefined && input.logoFileId !== v.logoFileId,
    cover: input.coverFileId !== v.coverFileId,
    theme: input.theme.color.toLowerCase() !== v.theme.color.toLowerCase() || input.theme.layout !== v.theme.layout,
    links: !sameLinks((card?.customLinks ?? []).slice(0, v.links.length), v.links),
  };
  return lockedFieldsOf(template.locks).filter((field) => differs[field]);
}
