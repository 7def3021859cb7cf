import type {
  ConsentProof,
  ConsentSettings,
  ConsentSettingsBody,
  AudienceVisitor,
  AudienceSelector,
  AudienceSources,
  Contact,
  ContactImportBody,
  ContactImportResult,
  ContactList,
  ContactListQuery,
  Suppression,
} from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../platform/actor.js';
import { isEmail, parseCsv, previewCsv } from './csv-import.js';
import { countAudience, type AudienceRepository } from './repository.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import { requireAudienceAccess } from './access.js';
import { translate } from '../../lib/i18n.js';
import type { Consents } from './consents.js';
import type { SegmentSignals } from './segment-sql.js';
import { fieldsOf, parseFieldValue, upsertFieldValues, type StoredValue } from './fields.js';

type Deps = {
  db: Database;
  repo: AudienceRepository;
  requireAccess: RequireAccess;
  consents: Consents;
  /** The owner's monthly sends left: an import that asks its contacts to confirm sends that many emails. */
  sendQuota: (actor: Actor) => Promise<{ remaining: number; limit: number }>;
  /** The product's one clock and who opened or clicked the owner's emails: what segments are evaluated with. */
  signals: () => SegmentSignals;
};

/** An opaque page token for lists ordered by a text key (an address). */
const encodeKey = (key: string) => Buffer.from(JSON.stringify([key])).toString('base64url');
function decodeKey(cursor: string | undefined): string | null {
  if (!cursor) return null;
  try {
    const [key] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof key === 'string' && key.length <= 320) return key;
  } catch {
    /* fall through */
  }
  throw new AppError('validation.failed', {}, { cursor: [{ code: 'validation.invalid_value' }] });
}

function page<T, K>(rows: T[], limit: number, key: (row: T) => string, map: (row: T) => K) {
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  return { data: data.map(map), nextCursor: rows.length > limit && last ? encodeKey(key(last)) : null };
}

const toList = (r: { id: string; name: string; contacts: number; createdAt: Date }): ContactList => ({
  id: r.id,
  name: r.name,
  contacts: r.contacts,
  createdAt: r.createdAt.toISOString(),
});
const MAX_LISTED_ERRORS = 100;

/** An import's columns into contact fields: the owner's fields (another's: 404), each column in the file. */
async function importFieldColumns(
  db: Database,
  requireAccess: RequireAccess,
  actor: Actor,
  mapping: { column: number; fieldId: string }[],
  columns: number,
) {
  await requireAccess(
    actor,
    'contact_field',
    mapping.map((m) => m.fieldId),
  );
  const fields = new Map((await fieldsOf(db, actor.id)).map((f) => [f.id, f]));
  const errors: Record<string, { code: string }[]> = {};
  mapping.forEach((m, i) => {
    if (m.column >= columns) errors[`fieldColumns.${i}.column`] = [{ code: 'validation.invalid_value' }];
  });
  if (Object.keys(errors).length) throw new AppError('validation.failed', {}, errors);
  return mapping.map((m) => ({ column: m.column, field: fields.get(m.fieldId)! }));
}

/** Audience: who campaigns can reach (counts, sources), imported lists and the suppression list. Every call is scoped to the actor. */
export function createAudienceService({ db, repo, requireAccess, consents, sendQuota, signals }: Deps) {
  async function requireList(actor: Actor, id: string) {
    await requireAccess(actor, 'list', id);
    return afterAccess(await repo.findList(db, actor.id, id));
  }

  return {
    async count(actor: Actor, selector: AudienceSelector) {
      await requireAudienceAccess(requireAccess, actor, selector);
      return { recipients: await countAudience(db, actor.id, selector, signals()) };
    },
    sources: (actor: Actor): Promise<AudienceSources> => repo.sources(actor.id),

    lists: async (actor: Actor): Promise<ContactList[]> => (await repo.lists(actor.id)).map(toList),
    list: async (actor: Actor, id: string): Promise<ContactList> => toList(await requireList(actor, id)),

    preview: (_actor: Actor, csv: string) => previewCsv(csv),

    /**
     * Imports the mapped columns in one transaction: a failure (malformed file, too many rows, no
     * valid address, the database) leaves nothing behind. Bad rows are left out and reported by line;
     * an address already seen in the file or already in the list counts as a duplicate.
     */
    async importCsv(actor: Actor, body: ContactImportBody): Promise<ContactImportResult> {
      if (body.listId) await requireList(actor, body.listId);
      const { rows } = parseCsv(body.csv);
      const data = body.hasHeader ? rows.slice(1) : rows;
      const columns = Math.max(0, ...rows.map((r) => r.cells.length));
      if (body.emailColumn >= columns) throw new AppError('validation.failed', {}, { emailColumn: [{ code: 'validation.invalid_value' }] });
      if (body.nameColumn !== null && body.nameColumn >= columns)
        throw new AppError('validation.failed', {}, { nameColumn: [{ code: 'validation.invalid_value' }] });
      const fieldColumns = await importFieldColumns(db, requireAccess, actor, body.fieldColumns ?? [], columns);
      const seen = new Set<string>();
      const good: { email: string; name: string | null }[] = [];
      const values: ({ fieldId: string; email: string } & StoredValue)[] = [];
      const errors: ContactImportResult['errors'] = [];
      let invalidRows = 0;
      let duplicates = 0;
      for (const row of data) {
        const raw = row.cells[body.emailColumn] ?? '';
        const email = raw.toLowerCase();
        const problem = email === '' ? ('empty_email' as const) : isEmail(email) ? null : ('invalid_email' as const);
        if (problem) {
          invalidRows += 1;
          if (errors.length < MAX_LISTED_ERRORS) errors.push({ line: row.line, code: problem, value: raw.slice(0, 200) });
          continue;
        }
        if (seen.has(email)) {
          duplicates += 1;
          continue;
        }
        seen.add(email);
        const name = body.nameColumn === null ? null : (row.cells[body.nameColumn] ?? '').slice(0, 200) || null;
        good.push({ email, name });
        // A mapped cell that does not fit its field is left out (the contact is imported) and reported; an empty one changes nothing.
        for (const { column, field } of fieldColumns) {
          const cell = (row.cells[column] ?? '').trim();
          if (cell === '') continue;
          const value = parseFieldValue(field, cell);
          if (value) values.push({ fieldId: field.id, email, ...value });
          else if (errors.length < MAX_LISTED_ERRORS)
            errors.push({ line: row.line, code: 'invalid_field', value: `${field.name}: ${cell.slice(0, 150)}` });
        }
      }
      if (good.length === 0) throw new AppError('audience.no_valid_rows', {}, { emailColumn: [{ code: 'validation.no_valid_rows' }] });
      if (body.confirm) {
        // Each new contact gets a confirmation email, counted in the month's sends: refused before anything is kept.
        const quota = await sendQuota(actor);
        if (quota.remaining < good.length) throw new AppError('quota.sends', { limit: quota.limit });
      }
      const name = await consents.ownerName(actor.id);
      const { listId, imported, confirmationsSent } = await db.transaction(async (tx) => {
        const id = body.listId ?? (await repo.createList(tx, actor.id, body.name!));
        const added = await repo.insertContacts(tx, id, good);
        await upsertFieldValues(tx, values);
        // The proof of each new contact's consent: the owner's word (this import) and, when asked, the contact's confirmation.
        const listName = body.name ?? (await repo.findList(tx, actor.id, id))!.name;
        const text = translate(actor.locale, 'consent.import_text', { list: listName });
        const sent = await consents.fromImport(tx, actor.id, { origin: listName, text, locale: actor.locale }, added, {
          confirm: body.confirm,
          name,
          listId: id,
        });
        return { listId: id, imported: added.length, confirmationsSent: sent };
      });
      duplicates += good.length - imported;
      const list = await requireList(actor, listId);
      return { list: toList(list), imported, duplicates, errors, invalidRows, confirmationsSent };
    },

    /** How the owner takes consents (double opt-in, the confirmation email's texts, how long one may wait). */
    consentSettings: (actor: Actor): Promise<ConsentSettings> => consents.settings(actor.id, actor.locale),
    saveConsentSettings: (actor: Actor, body: ConsentSettingsBody): Promise<ConsentSettings> =>
      consents.saveSettings(actor.id, body, actor.locale),
    /** The proofs of consent the owner holds for an address (none: an empty list, for any address). */
    consentProofs: (actor: Actor, email: string): Promise<ConsentProof[]> => consents.proofs(actor.id, email),

    async deleteList(actor: Actor, id: string): Promise<void> {
      await requireAccess(actor, 'list', id);
      await repo.deleteList(actor.id, id);
    },

    async contacts(actor: Actor, listId: string, query: ContactListQuery): Promise<{ data: Contact[]; nextCursor: string | null }> {
      await requireList(actor, listId);
      const rows = await repo.contactsPage(listId, query.q, decodeKey(query.cursor), query.limit);
      return page(
        rows,
        query.limit,
        (r) => r.email,
        (r) => ({ id: r.id, email: r.email, name: r.name, createdAt: r.createdAt.toISOString(), pending: r.pending }),
      );
    },

    async deleteContact(actor: Actor, listId: string, contactId: string): Promise<void> {
      await requireAccess(actor, 'list', listId);
      // The list is the owner's: a contact id that is not in it is not found there (contacts are reached through their list).
      if (!(await repo.deleteContact(listId, contactId))) throw new AppError('record.not_found');
    },

    /** "All contacts": every consenting visitor of my cards and tags, with whether campaigns reach them. */
    async visitors(
      actor: Actor,
      query: { q?: string; cursor?: string; limit: number },
    ): Promise<{ data: AudienceVisitor[]; nextCursor: string | null }> {
      const rows = await repo.visitorsPage(actor.id, query.q, decodeKey(query.cursor), query.limit);
      return page(
        rows,
        query.limit,
        (r) => r.email,
        (r) => ({
          email: r.email,
          name: r.name ?? '',
          profileId: r.profile_id,
          profileName: r.profile_name ?? '',
          consentedAt: new Date(r.consented_at).toISOString(),
          suppressed: r.reason,
          pending: Boolean(r.pending),
        }),
      );
    },

    async suppressions(
      actor: Actor,
      query: { q?: string; cursor?: string; limit: number },
    ): Promise<{ data: Suppression[]; nextCursor: string | null }> {
      const rows = await repo.suppressionsPage(actor.id, query.q, decodeKey(query.cursor), query.limit);
      return page(
        rows,
        query.limit,
        (r) => r.email,
        (r) => ({ email: r.email, reason: r.reason, createdAt: r.createdAt.toISOString() }),
      );
    },

    /** The owner adds an address by hand (idempotent: one already listed keeps its first reason). */
    async addSuppression(actor: Actor, email: string): Promise<Suppression> {
      const row = await repo.addSuppression(actor.id, email.trim().toLowerCase(), 'manual');
      return { email: row.email, reason: row.reason, createdAt: row.createdAt.toISOString() };
    },

    /**
     * Takes an address off the list. An unsubscribed person asked not to be written to again: only
     * they can undo that (by subscribing again), so removing one is refused (409).
     */
    async removeSuppression(actor: Actor, email: string): Promise<void> {
      const row = await repo.findSuppression(actor.id, email.trim().toLowerCase());
      // An address, not a record id: only ever looked up in the actor's own list.
      if (!row) throw new AppError('record.not_found');
      if (row.reason === 'unsubscribed') throw new AppError('audience.unsubscribed_locked');
      await repo.removeSuppression(actor.id, row.email);
    },
  };
}

export type AudienceService = ReturnType<typeof createAudienceService>;
