/**
 * The SQL pieces the audience's statements are composed of: the owner's consenting senders and list
 * contacts, who is suppressed, and the whole audience a segment selects from.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { consentingMessagePiece } from '../mailbox/index.js';
import { liveProfilePiece, profileLabelPiece } from '../profiles/index.js';
import { consentExpired, consentNotEffective } from './consents.js';
import { contactLists, contacts, suppressions } from './schema.js';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid[] parameter (one text parameter, so a 500-id selector is not 500 placeholders). */
export const uuidArray = (ids: string[]): SQL => sql`string_to_array(${ids.filter((id) => UUID.test(id)).join(',')}, ',')::uuid[]`;

/**
 * Candidate rows (`email` lower-cased, `name`, `profile_id`, `created_at`) marked `suppressed` false,
 * followed by the owner's suppression list as rows marked true. Sorted by address with the marked row
 * first, the first row of each address says whether to leave it out: a merge, linear in both lists
 * whatever their sizes. Written as a `not exists` per row, with the suppression table empty the
 * planner scanned it once per address (204,762 scans in one segment's send list).
 */
export const withSuppressions = (ownerId: string, rows: SQL): SQL => sql`
  select r.email, r.name, r.profile_id, r.created_at, false as suppressed from (${rows}) r where r.email <> ''
  union all
  select s.email, null, null, null, true from ${suppressions} s where s.user_id = ${ownerId}`;

// The senders come from the mailbox's and profiles' query pieces, composed here into one statement:
// live consenting messages (m) of live profiles (p), and the profiles' labels (pl). Their columns are
// named by alias, as the pieces answer them: some of these fragments sit in select lists, where
// Drizzle would leave column references unqualified.
export const m = consentingMessagePiece('m');
export const p = liveProfilePiece('p');
export const pl = profileLabelPiece('pl');

/**
 * Live consenting messages of the owner's live profiles whose consent counts (not waiting for its
 * confirmation by email, not expired); with `waiting`, those still waiting too (the visitors list).
 */
export const consentingMessages = (ownerId: string, { waiting = false } = {}): SQL =>
  sql`from ${m} join ${p} on p.id = m.profile_id where m.user_id = ${ownerId} and p.user_id = ${ownerId} and not ${waiting ? consentExpired('message_id', sql`m.id`) : consentNotEffective('message_id', sql`m.id`)}`;

/** A contact `c` of an imported list whose consent counts. */
export const effectiveContact = sql`not ${consentNotEffective('contact_id', sql`c.id`)}`;

/** Whether the profile `p` carries a label matching `label` (a condition on `pl.label_id`). */
export const hasLabel = (label: SQL): SQL => sql`exists (select 1 from ${pl} where pl.profile_id = p.id and ${label})`;

/**
 * Every candidate row of the owner's whole audience before de-duplication (email lower-cased, name,
 * profile, list, time): the consenting senders of every live card and tag and the contacts of every
 * list, whose consent counts. A segment selects from it (segment-sql.ts).
 */
export const audienceUniverse = (ownerId: string): SQL =>
  sql`select lower(trim(m.email)) as email, m.name as name, m.profile_id as profile_id, null::uuid as list_id, m.created_at as created_at ${consentingMessages(ownerId)}
    union all
    select c.email, c.name, null::uuid, c.list_id, c.created_at from ${contacts} c join ${contactLists} l on l.id = c.list_id where l.user_id = ${ownerId} and ${effectiveContact}`;

/**
 * Whether `email` (lower-cased SQL expression) is a contact of one of the owner's lists whose consent
 * counts: one probe of `contacts_email_idx`, which holds the list and the id (the owner's lists are
 * read once per statement; compared in byte order, as the index is). `offset 0` keeps it a probe
 * per address: as a join, the planner would hash every contact of the owner (a million) to match a
 * few thousand addresses.
 */
export const isListContact = (ownerId: string, email: SQL): SQL =>
  sql`exists (select 1 from ${contacts} c where c.email = ${email} collate "C" and c.list_id = any(array(select l.id from ${contactLists} l where l.user_id = ${ownerId})) and ${effectiveContact} offset 0)`;

/**
 * How many addresses of a set are in the owner's audience and not suppressed, from the addresses
 * alone. One sort, in byte order, of the set with the owner's suppression list sorted in (`withSuppressions`)
 * keeps each address once and drops the suppressed: linear in both, where a `not exists` per
 * address became a scan of an empty suppression table per address (170 of a 360 ms count of 71,430)
 * and, with suppressions, one index probe per address. Each address left is then looked up among the
 * list contacts by index, in the index's order (consecutive probes read the same pages; in the order
 * a hash left them they took half as long again), and the consenting senders are matched against the
 * set (those that are list contacts too were counted already).
 */
export const audienceCountOf = (ownerId: string, set: SQL): SQL => sql`
  with segment_set as materialized (
    select z.email from (
      select distinct on (u.email collate "C") u.email, u.suppressed
      from (${withSuppressions(ownerId, sql`select q.email, null::text as name, null::uuid as profile_id, null::timestamptz as created_at from (${set}) q`)}) u
      order by u.email collate "C", u.suppressed desc) z
    where not z.suppressed)
  select (
    (select count(*) from segment_set a where ${isListContact(ownerId, sql`a.email`)})
    + (select count(distinct x.email) from (select lower(trim(m.email)) as email ${consentingMessages(ownerId)}) x
      where x.email <> '' and x.email in (select b.email from segment_set b) and not ${isListContact(ownerId, sql`x.email`)})
  )::int as n`;

/**
 * Runs a statement that evaluates segments without JIT compilation, in a transaction of its own (a
 * savepoint in the caller's): the planner prices looking up each address of a large segment above
 * JIT's thresholds, and compiling with inlining and optimisation then took longer than the query
 * itself (430 ms of 1.1 s for 100,000 addresses).
 */
export const withoutJit = <T>(db: Database | Transaction, run: (q: Database | Transaction) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('jit', 'off', true)`);
    return run(tx);
  });

/** `execute` answers `{ rows }` on node-postgres and PGlite alike through drizzle, but be lenient. */
export const rowsOf = <T>(result: unknown): T[] => ('rows' in (result as object) ? (result as { rows: T[] }).rows : (result as T[]));

/**
 * The audience's rows (email, name, profile, time) of the addresses a segment's set names (each
 * once): their list contacts and consenting messages whose consent counts. The rows are found from
 * the set (a join, which the database may run as a probe of \`contacts_email_idx\` per address), so a
 * segment of a few people does not read the whole audience.
 */
export const audienceRowsOf = (ownerId: string, set: SQL): SQL =>
  sql`with s as not materialized (${set})
    select c.email as email, c.name as name, null::uuid as profile_id, c.created_at as created_at
      from s join ${contacts} c on c.email = s.email collate "C" join ${contactLists} l on l.id = c.list_id
      where l.user_id = ${ownerId} and ${effectiveContact}
    union all
    select lower(trim(m.email)) as email, m.name as name, m.profile_id as profile_id, m.created_at as created_at
      ${consentingMessages(ownerId)} and lower(trim(m.email)) in (select s.email from s)`;
