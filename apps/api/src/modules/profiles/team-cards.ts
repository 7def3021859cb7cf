import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { profileLabels, profiles, type CardFields, type ProfileTheme } from './schema.js';

export type SharedLink = { label: string; url: string };

/**
 * The values a team's template locks, as card columns and card fields: each one present is written on
 * every card of the team. `links` are the shared links, first on each card; `linksBefore` the shared
 * links they replace (taken out wherever they are, with the new ones, before the member's own follow).
 */
export type LockedCardValues = {
  company?: string | null;
  address?: string | null;
  website?: string | null;
  logoFileId?: string | null;
  coverFileId?: string | null;
  theme?: ProfileTheme;
  links?: { shared: SharedLink[]; before: SharedLink[] };
};

/** How many custom links a card holds (cardFieldsSchema). */
const MAX_CUSTOM_LINKS = 20;

/** The card's custom links: `shared` first, then its own, without any shared one (old or new), within the card's maximum. */
function customLinksSql(shared: SharedLink[], before: SharedLink[]): SQL {
  const all = JSON.stringify([...shared, ...before]);
  const room = Math.max(0, MAX_CUSTOM_LINKS - shared.length);
  return sql`${JSON.stringify(shared)}::jsonb || coalesce((
    select jsonb_agg(own.e order by own.n) from (
      select t.e, row_number() over (order by t.i) as n
      from jsonb_array_elements(coalesce(${profiles.card}->'customLinks', '[]'::jsonb)) with ordinality as t(e, i)
      where not exists (
        select 1 from jsonb_array_elements(${all}::jsonb) as s(l) where s.l->>'url' = t.e->>'url' and s.l->>'label' = t.e->>'label'
      )
    ) as own where own.n <= ${room}), '[]'::jsonb)`;
}

/**
 * Writes the locked values on every live card of the team in one statement (one UPDATE of the jsonb
 * and the columns), in the caller's transaction; answers how many cards it changed. The profiles
 * trigger (migration 0009) tells every process to drop those cards' cached public pages.
 */
export async function applyLockedValues(tx: Transaction, teamId: string, values: LockedCardValues): Promise<number> {
  const fields: Partial<Record<'company' | 'address' | 'website', string | null>> = {};
  for (const key of ['company', 'address', 'website'] as const) if (values[key] !== undefined) fields[key] = values[key];
  const set: Record<string, unknown> = {};
  if (values.logoFileId !== undefined) set.logoFileId = values.logoFileId;
  if (values.coverFileId !== undefined) set.coverFileId = values.coverFileId;
  if (values.theme) set.theme = values.theme;
  const textFields = JSON.stringify(fields);
  const links = values.links ? customLinksSql(values.links.shared, values.links.before) : null;
  if (Object.keys(fields).length || links) {
    set.card = links
      ? sql`coalesce(${profiles.card}, '{}'::jsonb) || ${textFields}::jsonb || jsonb_build_object('customLinks', ${links})`
      : sql`coalesce(${profiles.card}, '{}'::jsonb) || ${textFields}::jsonb`;
  }
  if (Object.keys(set).length === 0) return 0;
  const rows = await tx
    .update(profiles)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(profiles.teamId, teamId), isNull(profiles.deletedAt)))
    .returning({ id: profiles.id });
  return rows.length;
}

/** A new team card held by `holderId` (the member it is made for). */
export async function insertTeamCard(
  tx: Transaction,
  values: {
    holderId: string;
    teamId: string;
    name: string;
    card: CardFields;
    theme: ProfileTheme;
    coverFileId: string | null;
    logoFileId: string | null;
  },
): Promise<string> {
  const [row] = await tx
    .insert(profiles)
    .values({
      userId: values.holderId,
      teamId: values.teamId,
      kind: 'card',
      name: values.name,
      card: values.card,
      theme: values.theme,
      coverFileId: values.coverFileId,
      logoFileId: values.logoFileId,
    })
    .returning({ id: profiles.id });
  if (!row) throw new Error('team card insert returned nothing');
  return row.id;
}

/**
 * Hands team cards to a new holder (a member, or the team's owner when they are unassigned), with
 * what changes with the person: a reassigned card shows its new member's name and contact, without the
 * previous member's photo; a retired card is taken offline. The previous holder's folder and labels
 * leave it (they are theirs). Stats, link and QR stay the card's.
 */
export async function setTeamCardHolder(
  tx: Transaction,
  teamId: string,
  profileIds: string[],
  holderId: string,
  changes: { visibility?: 'public' | 'private'; person?: { name: string; card: Partial<CardFields> } } = {},
): Promise<void> {
  if (profileIds.length === 0) return;
  await tx.delete(profileLabels).where(inArray(profileLabels.profileId, profileIds));
  await tx
    .update(profiles)
    .set({
      userId: holderId,
      folderId: null,
      ...(changes.visibility ? { visibility: changes.visibility } : {}),
      ...(changes.person
        ? {
            name: changes.person.name,
            photoFileId: null,
            card: sql`coalesce(${profiles.card}, '{}'::jsonb) || ${JSON.stringify(changes.person.card)}::jsonb`,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(profiles.teamId, teamId), inArray(profiles.id, profileIds)));
}

/** Id, name and holder of the team's live cards among `ids` (all of them when `ids` is left out). */
export async function teamCardProfiles(db: Database | Transaction, teamId: string, ids?: string[]) {
  return db
    .select({
      id: profiles.id,
      name: profiles.name,
      userId: profiles.userId,
      visibility: profiles.visibility,
      updatedAt: profiles.updatedAt,
    })
    .from(profiles)
    .where(and(eq(profiles.teamId, teamId), isNull(profiles.deletedAt), ids ? inArray(profiles.id, ids) : undefined));
}
