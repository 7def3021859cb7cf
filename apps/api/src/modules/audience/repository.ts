import type { AudienceSelector, AudienceSources } from '@enlaza/contracts';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { collectionPiece } from '../collections/index.js';
import { consentingMessagePiece } from '../mailbox/index.js';
import { liveProfilePiece, profileLabelPiece } from '../profiles/index.js';
import { qualified } from '../../platform/query-pieces.js';
import { consentExpired, consentNotEffective } from './consents.js';
import { contactListQueries } from './contact-list-queries.js';
import { contactLists, contacts, suppressions } from './schema.js';
import { suppressionQueries } from './suppression-queries.js';

type Db = Database | Transaction;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid[] parameter (one text parameter, so a 500-id selector is not 500 placeholders). */
const uuidArray = (ids: string[]): SQL => sql`string_to_array(${ids.filter((id) => UUID.test(id)).join(',')}, ',')::uuid[]`;

/** Not on the owner's suppression list (`email` is an already lower-cased SQL expression). */
const notSuppressed = (ownerId: string, email: SQL): SQL =>
  sql`not exists (select 1 from ${suppressions} s where s.user_id = ${ownerId} and s.email = ${email})`;

// The senders come from the mailbox's and profiles' query pieces, composed here into one statement:
// live consenting messages (m) of live profiles (p), and the profiles' labels (pl). Their columns are
// named by alias, as the pieces answer them: some of these fragments sit in select lists, where
// Drizzle would leave column references unqualified.
const m = consentingMessagePiece('m');
const p = liveProfilePiece('p');
const pl = profileLabelPiece('pl');

/**
 * Live consenting messages of the owner's live profiles whose consent counts (not waiting for its
 * confirmation by email, not expired); with `waiting`, those still waiting too (the visitors list).
 */
const consentingMessages = (ownerId: string, { waiting = false } = {}): SQL =>
  sql`from ${m} join ${p} on p.id = m.profile_id where m.user_id = ${ownerId} and p.user_id = ${ownerId} and not ${waiting ? consentExpired('message_id', sql`m.id`) : consentNotEffective('message_id', sql`m.id`)}`;

/** A contact `c` of an imported list whose consent counts. */
const effectiveContact = sql`not ${consentNotEffective('contact_id', sql`c.id`)}`;

/** Whether the profile `p` carries a label matching `label` (a condition on `pl.label_id`). */
const hasLabel = (label: SQL): SQL => sql`exists (select 1 from ${pl} where pl.profile_id = p.id and ${label})`;

/**
 * Every candidate (email lower-cased, name, profile, time) of the selector, before de-duplication.
 * Only the owner's rows can match: another user's profile, folder, label or list id selects nobody.
 */
function candidates(ownerId: string, s: AudienceSelector): SQL {
  const parts: SQL[] = [];
  const profileTerms: SQL[] = [];
  if (s.profileIds.length) profileTerms.push(sql`m.profile_id = any(${uuidArray(s.profileIds)})`);
  if (s.folderIds.length) profileTerms.push(sql`p.folder_id = any(${uuidArray(s.folderIds)})`);
  if (s.labelIds.length) profileTerms.push(hasLabel(sql`pl.label_id = any(${uuidArray(s.labelIds)})`));
  if (profileTerms.length) {
    parts.push(
      sql`select lower(trim(m.email)) as email, m.name as name, m.profile_id as profile_id, m.created_at as created_at ${consentingMessages(ownerId)} and (${sql.join(profileTerms, sql` or `)})`,
    );
  }
  if (s.listIds.length) {
    parts.push(
      sql`select c.email as email, c.name as name, null::uuid as profile_id, c.created_at as created_at from ${contacts} c join ${contactLists} l on l.id = c.list_id where l.user_id = ${ownerId} and c.list_id = any(${uuidArray(s.listIds)}) and ${effectiveContact}`,
    );
  }
  return sql.join(parts, sql` union all `);
}

/** `execute` answers `{ rows }` on node-postgres and PGlite alike through drizzle, but be lenient. */
const rowsOf = <T>(result: unknown): T[] => ('rows' in (result as object) ? (result as { rows: T[] }).rows : (result as T[]));

const isEmptySelector = (s: AudienceSelector) => s.profileIds.length + s.folderIds.length + s.labelIds.length + s.listIds.length === 0;

export type AudienceRow = { email: string; name: string; profileId: string | null };

export async function selectAudience(db: Db, ownerId: string, selector: AudienceSelector): Promise<AudienceRow[]> {
  if (isEmptySelector(selector)) return [];
  // One address once: the newest row's name (a contact's missing name falls back to the empty string).
  const result = await db.execute(sql`
    select distinct on (a.email) a.email, a.name, a.profile_id
    from (${candidates(ownerId, selector)}) a
    where a.email <> '' and ${notSuppressed(ownerId, sql`a.email`)}
    order by a.email, a.created_at desc`);
  return rowsOf<{ email: string; name: string | null; profile_id: string | null }>(result).map((r) => ({
    email: r.email,
    name: r.name ?? '',
    profileId: r.profile_id,
  }));
}

export async function countAudience(db: Db, ownerId: string, selector: AudienceSelector): Promise<number> {
  if (isEmptySelector(selector)) return 0;
  const result = await db.execute(sql`
    select count(distinct a.email)::int as n from (${candidates(ownerId, selector)}) a
    where a.email <> '' and ${notSuppressed(ownerId, sql`a.email`)}`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}

/** The audience's sources and visitors (here), the contact lists' and the suppression list's queries (each in its own file). */
export function createAudienceRepository(db: Database) {
  return { ...audienceQueries(db), ...contactListQueries(db), ...suppressionQueries(db) };
}

function audienceQueries(db: Database) {
  /** Distinct consenting, unsuppressed senders of the live profiles matching `where` (on `p`). */
  const consentingCount = (where: SQL) =>
    sql<number>`(select count(distinct lower(trim(m.email)))::int from ${m} join ${p} on p.id = m.profile_id where ${where} and not ${consentNotEffective('message_id', sql`m.id`)} and not exists (select 1 from ${suppressions} s where s.user_id = m.user_id and s.email = lower(trim(m.email))))`;
  const listedProfile = liveProfilePiece('listed_profile');
  const listedFolder = collectionPiece('folders', 'listed_folder');
  const listedLabel = collectionPiece('labels', 'listed_label');

  return {
    async sources(ownerId: string): Promise<AudienceSources> {
      const [profileRows, folderRows, labelRows, listRows] = await Promise.all([
        db
          .select({
            id: listedProfile.id,
            name: listedProfile.name,
            kind: listedProfile.kind,
            contacts: consentingCount(sql`p.id = ${qualified('listed_profile', 'id')}`),
          })
          .from(listedProfile)
          .where(eq(listedProfile.userId, ownerId))
          .orderBy(asc(listedProfile.name)),
        db
          .select({
            id: listedFolder.id,
            name: listedFolder.name,
            kind: listedFolder.kind,
            contacts: consentingCount(sql`p.folder_id = ${qualified('listed_folder', 'id')}`),
          })
          .from(listedFolder)
          .where(eq(listedFolder.userId, ownerId))
          .orderBy(asc(listedFolder.name)),
        db
          .select({
            id: listedLabel.id,
            name: listedLabel.name,
            kind: listedLabel.kind,
            contacts: consentingCount(hasLabel(sql`pl.label_id = ${qualified('listed_label', 'id')}`)),
          })
          .from(listedLabel)
          .where(eq(listedLabel.userId, ownerId))
          .orderBy(asc(listedLabel.name)),
        db
          .select({
            id: contactLists.id,
            name: contactLists.name,
            contacts: sql<number>`(select count(*)::int from ${contacts} c where c.list_id = "contact_lists"."id" and ${effectiveContact} and not exists (select 1 from ${suppressions} s where s.user_id = ${ownerId} and s.email = c.email))`,
          })
          .from(contactLists)
          .where(eq(contactLists.userId, ownerId))
          .orderBy(asc(contactLists.name)),
      ]);
      const num = <T extends { contacts: number }>(rows: T[]) => rows.map((r) => ({ ...r, contacts: Number(r.contacts) }));
      return { profiles: num(profileRows), folders: num(folderRows), labels: num(labelRows), lists: num(listRows) };
    },

    /**
     * The consenting visitors of the owner's live cards and tags, one row per address (its newest
     * message), with the suppression that leaves it out of campaigns: by address, after `after`.
     */
    async visitorsPage(ownerId: string, q: string | undefined, after: string | null, limit: number) {
      const like = q ? `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const result = await db.execute(sql`
        select v.email, v.name, v.profile_id, v.profile_name, v.consented_at, s.reason, v.pending
        from (
          select distinct on (lower(trim(m.email))) lower(trim(m.email)) as email, m.name as name, m.profile_id as profile_id,
            p.name as profile_name, m.created_at as consented_at, ${consentNotEffective('message_id', sql`m.id`)} as pending
          ${consentingMessages(ownerId, { waiting: true })}
          ${after !== null ? sql`and lower(trim(m.email)) > ${after}` : sql``}
          ${like ? sql`and (lower(m.email) like ${like} or lower(m.name) like ${like})` : sql``}
          order by lower(trim(m.email)), m.created_at desc
        ) v
        left join ${suppressions} s on s.user_id = ${ownerId} and s.email = v.email
        where v.email <> ''
        order by v.email
        limit ${limit + 1}`);
      return rowsOf<{
        email: string;
        name: string | null;
        profile_id: string;
        profile_name: string | null;
        consented_at: Date | string;
        reason: 'unsubscribed' | 'bounced' | 'complained' | 'manual' | null;
        pending: boolean;
      }>(result);
    },
  };
}

export type AudienceRepository = ReturnType<typeof createAudienceRepository>;
