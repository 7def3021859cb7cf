import type { AudienceSelector, AudienceSources } from '@enlaza/contracts';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { collectionPiece } from '../collections/index.js';
import { liveProfilePiece } from '../profiles/index.js';
import { qualified } from '../../platform/query-pieces.js';
import { consentNotEffective } from './consents.js';
import {
  consentingMessages,
  effectiveContact,
  hasLabel,
  m,
  p,
  rowsOf,
  uuidArray,
  withoutJit,
  withSuppressions,
} from './audience-pieces.js';
import { contactListQueries } from './contact-list-queries.js';
import { contactLists, contacts, suppressions } from './schema.js';
import { suppressionQueries } from './suppression-queries.js';
import { segmentCandidates } from './segment-queries.js';
import type { SegmentSignals } from './segment-sql.js';

type Db = Database | Transaction;

/**
 * Every candidate (email lower-cased, name, profile, time) of the selector, before de-duplication.
 * Only the owner's rows can match: another user's profile, folder, label, list or segment id selects nobody.
 */
function candidates(ownerId: string, s: AudienceSelector, segmentRows: SQL[]): SQL {
  const parts: SQL[] = [...segmentRows];
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

const isEmptySelector = (s: AudienceSelector) =>
  s.profileIds.length + s.folderIds.length + s.labelIds.length + s.listIds.length + (s.segmentIds?.length ?? 0) === 0;

export type AudienceRow = { email: string; name: string; profileId: string | null };

/** The selector's candidates: its segments (the owner's, evaluated now) and its other sources. */
async function selected(db: Db, ownerId: string, selector: AudienceSelector, signals: SegmentSignals): Promise<SQL> {
  const segmentRows = await segmentCandidates(db, ownerId, selector.segmentIds ?? [], signals);
  return candidates(ownerId, selector, segmentRows);
}

/** Runs a statement of the selector's audience: without JIT when it evaluates segments (audience-pieces.ts `withoutJit`). */
const run = (db: Db, selector: AudienceSelector, statement: SQL) =>
  selector.segmentIds?.length ? withoutJit(db, (q) => q.execute(statement)) : db.execute(statement);

export async function selectAudience(db: Db, ownerId: string, selector: AudienceSelector, signals: SegmentSignals): Promise<AudienceRow[]> {
  if (isEmptySelector(selector)) return [];
  // One address once: the newest row's name (a contact's missing name falls back to the empty string).
  const result = await run(
    db,
    selector,
    sql`
    select z.email, z.name, z.profile_id from (
      select distinct on (a.email) a.email, a.name, a.profile_id, a.suppressed
      from (${withSuppressions(ownerId, await selected(db, ownerId, selector, signals))}) a
      order by a.email, a.suppressed desc, a.created_at desc) z
    where not z.suppressed`,
  );
  return rowsOf<{ email: string; name: string | null; profile_id: string | null }>(result).map((r) => ({
    email: r.email,
    name: r.name ?? '',
    profileId: r.profile_id,
  }));
}

export async function countAudience(db: Db, ownerId: string, selector: AudienceSelector, signals: SegmentSignals): Promise<number> {
  if (isEmptySelector(selector)) return 0;
  const result = await run(
    db,
    selector,
    sql`
    select count(*)::int as n from (
      select distinct on (a.email) a.suppressed
      from (${withSuppressions(ownerId, await selected(db, ownerId, selector, signals))}) a
      order by a.email, a.suppressed desc) z
    where not z.suppressed`,
  );
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
