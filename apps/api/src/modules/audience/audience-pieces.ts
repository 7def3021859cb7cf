/**
 * The SQL pieces the audience's statements are composed of: the owner's consenting senders and list
 * contacts, who is suppressed, and the whole audience a segment selects from.
 */
import { sql, type SQL } from 'drizzle-orm';
import { consentingMessagePiece } from '../mailbox/index.js';
import { liveProfilePiece, profileLabelPiece } from '../profiles/index.js';
import { consentExpired, consentNotEffective } from './consents.js';
import { contactLists, contacts, suppressions } from './schema.js';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid[] parameter (one text parameter, so a 500-id selector is not 500 placeholders). */
export const uuidArray = (ids: string[]): SQL => sql`string_to_array(${ids.filter((id) => UUID.test(id)).join(',')}, ',')::uuid[]`;

/** Not on the owner's suppression list (`email` is an already lower-cased SQL expression). */
export const notSuppressed = (ownerId: string, email: SQL): SQL =>
  sql`not exists (select 1 from ${suppressions} s where s.user_id = ${ownerId} and s.email = ${email})`;

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

/** `execute` answers `{ rows }` on node-postgres and PGlite alike through drizzle, but be lenient. */
export const rowsOf = <T>(result: unknown): T[] => ('rows' in (result as object) ? (result as { rows: T[] }).rows : (result as T[]));

/**
 * The audience's rows (email, name, profile, time) of the addresses a segment's set names: their
 * list contacts and consenting messages whose consent counts. The set is computed once (a CTE) and
 * the rows are found from it, so a segment of a few people does not read the whole audience.
 */
export const audienceRowsOf = (ownerId: string, set: SQL): SQL =>
  sql`with s as not materialized (${set})
    select c.email as email, c.name as name, null::uuid as profile_id, c.created_at as created_at
      from ${contacts} c join ${contactLists} l on l.id = c.list_id
      where l.user_id = ${ownerId} and c.email in (select s.email from s) and ${effectiveContact}
    union all
    select lower(trim(m.email)) as email, m.name as name, m.profile_id as profile_id, m.created_at as created_at
      ${consentingMessages(ownerId)} and lower(trim(m.email)) in (select s.email from s)`;
