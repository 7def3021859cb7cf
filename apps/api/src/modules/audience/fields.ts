/**
 * Contact fields: the owner's typed attributes (text, number, date, choice) and their values per
 * address. Values come from the API (`PUT /api/audience/fields/values`), the columns of a CSV import
 * and the contact form of the owner's cards and tags (the fields shown there). A value is kept in the
 * column of its type, so a segment's condition compares numbers as numbers and dates as dates.
 */
import {
  MAX_CONTACT_FIELDS,
  MAX_FIELD_TEXT,
  type ContactField,
  type ContactFieldCreateBody,
  type ContactFieldType,
  type ContactFieldUpdateBody,
  type FieldValue,
  type PersonFields,
  type PublicFormField,
} from '@enlaza/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { contactFields, contactFieldValues, contactLists, contacts, segments } from './schema.js';
import { consentingMessagePiece } from '../mailbox/index.js';

type Db = Database | Transaction;
type FieldRow = typeof contactFields.$inferSelect;
/** A value as stored: one of the three columns set, the others null. */
export type StoredValue = { textValue: string | null; numberValue: number | null; dateValue: string | null };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** A real calendar day as `YYYY-MM-DD` (`2026-02-30` is not one). */
function isoDay(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A value for a field of `type`, from the API (typed) or a CSV cell or form input (text): a number
 * (a decimal comma too, "1,5"), a day (`YYYY-MM-DD`, or `DD/MM/YYYY` as written in Spain), one of a
 * choice field's choices (any case; kept as the choice is written). Null or empty text clears it;
 * undefined: the value does not fit the field.
 */
export function parseFieldValue(field: { type: ContactFieldType; choices: string[] }, raw: FieldValue): StoredValue | null | undefined {
  if (raw === null) return null;
  const text = typeof raw === 'string' ? raw.trim() : null;
  if (text === '') return null;
  const empty = { textValue: null, numberValue: null, dateValue: null };
  switch (field.type) {
    case 'text':
      return text === null || text.length > MAX_FIELD_TEXT ? undefined : { ...empty, textValue: text };
    case 'number': {
      const n = typeof raw === 'number' ? raw : /^-?\d+([.,]\d+)?$/.test(text!) ? Number(text!.replace(',', '.')) : NaN;
      return Number.isFinite(n) && Math.abs(n) < 1e15 ? { ...empty, numberValue: n } : undefined;
    }
    case 'date': {
      if (text === null) return undefined;
      const iso = DATE.exec(text);
      const dmy = DMY.exec(text);
      const day = iso ? isoDay(+iso[1]!, +iso[2]!, +iso[3]!) : dmy ? isoDay(+dmy[3]!, +dmy[2]!, +dmy[1]!) : null;
      return day ? { ...empty, dateValue: day } : undefined;
    }
    case 'choice': {
      const choice = text === null ? undefined : field.choices.find((c) => c.toLowerCase() === text.toLowerCase());
      return choice === undefined ? undefined : { ...empty, textValue: choice };
    }
  }
}

const shown = (v: StoredValue): string | number => v.numberValue ?? v.dateValue ?? v.textValue ?? '';

/** Upserts values (the fields are the owner's, checked before), a thousand rows a statement. */
export async function upsertFieldValues(db: Db, rows: readonly ({ fieldId: string; email: string } & StoredValue)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insert(contactFieldValues)
      .values(rows.slice(i, i + 1000).map((r) => ({ ...r, email: r.email.trim().toLowerCase(), updatedAt: new Date() })))
      .onConflictDoUpdate({
        target: [contactFieldValues.fieldId, contactFieldValues.email],
        set: {
          textValue: sql`excluded.text_value`,
          numberValue: sql`excluded.number_value`,
          dateValue: sql`excluded.date_value`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
}

/** Writes (or clears, with null) values of one address; the fields are the owner's, checked before. */
export async function writeFieldValues(db: Db, email: string, values: ReadonlyMap<string, StoredValue | null>): Promise<void> {
  const address = email.trim().toLowerCase();
  const cleared = [...values].filter(([, v]) => v === null).map(([id]) => id);
  if (cleared.length)
    await db.delete(contactFieldValues).where(and(eq(contactFieldValues.email, address), inArray(contactFieldValues.fieldId, cleared)));
  await upsertFieldValues(
    db,
    [...values].flatMap(([fieldId, v]) => (v === null ? [] : [{ fieldId, email: address, ...v }])),
  );
}

/** The owner's fields in their order (the contact form's and the import's too). */
export async function fieldsOf(db: Db, ownerId: string): Promise<FieldRow[]> {
  return db
    .select()
    .from(contactFields)
    .where(eq(contactFields.userId, ownerId))
    .orderBy(asc(contactFields.position), asc(contactFields.createdAt));
}

const consenting = consentingMessagePiece('k');

/** Whether the address is someone the owner knows: a visitor who agreed to hear from them, or a contact of one of their lists. */
async function knowsAddress(db: Db, ownerId: string, email: string): Promise<boolean> {
  const [visitor] = await db
    .select({ id: consenting.id })
    .from(consenting)
    .where(and(eq(consenting.userId, ownerId), sql`lower(trim(${consenting.email})) = ${email}`))
    .limit(1);
  if (visitor) return true;
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .innerJoin(contactLists, eq(contactLists.id, contacts.listId))
    .where(and(eq(contactLists.userId, ownerId), eq(contacts.email, email)))
    .limit(1);
  return !!contact;
}

const toField = (r: FieldRow & { filled?: number }): ContactField => ({
  id: r.id,
  name: r.name,
  type: r.type,
  choices: r.choices,
  onForm: r.onForm,
  filled: Number(r.filled ?? 0),
  createdAt: r.createdAt.toISOString(),
});

export function createContactFields({ db, requireAccess }: { db: Database; requireAccess: RequireAccess }) {
  async function fieldOf(actor: Actor, id: string): Promise<FieldRow> {
    await requireAccess(actor, 'contact_field', id);
    const [row] = await db.select().from(contactFields).where(eq(contactFields.id, id));
    return afterAccess(row);
  }

  async function nameTaken(ownerId: string, name: string, except: string | null): Promise<boolean> {
    const [row] = await db
      .select({ id: contactFields.id })
      .from(contactFields)
      .where(and(eq(contactFields.userId, ownerId), sql`lower(${contactFields.name}) = ${name.toLowerCase()}`));
    return !!row && row.id !== except;
  }
  const taken = () => new AppError('validation.failed', {}, { name: [{ code: 'validation.name_taken' }] });

  return {
    async list(actor: Actor): Promise<ContactField[]> {
      const fields = await fieldsOf(db, actor.id);
      const counts = fields.length
        ? await db
            .select({ fieldId: contactFieldValues.fieldId, n: sql<number>`count(*)::int` })
            .from(contactFieldValues)
            .where(
              inArray(
                contactFieldValues.fieldId,
                fields.map((f) => f.id),
              ),
            )
            .groupBy(contactFieldValues.fieldId)
        : [];
      const filled = new Map(counts.map((c) => [c.fieldId, Number(c.n)]));
      return fields.map((f) => toField({ ...f, filled: filled.get(f.id) ?? 0 }));
    },

    async create(actor: Actor, body: ContactFieldCreateBody & { choices: string[]; onForm: boolean }): Promise<ContactField> {
      const existing = await fieldsOf(db, actor.id);
      if (existing.length >= MAX_CONTACT_FIELDS) throw new AppError('audience.fields_limit', { max: MAX_CONTACT_FIELDS });
      if (await nameTaken(actor.id, body.name, null)) throw taken();
      const [row] = await db
        .insert(contactFields)
        .values({
          userId: actor.id,
          name: body.name,
          type: body.type,
          choices: body.type === 'choice' ? body.choices : [],
          onForm: body.onForm,
          position: existing.length,
        })
        .returning();
      return toField(row!);
    },

    async update(actor: Actor, id: string, body: ContactFieldUpdateBody): Promise<ContactField> {
      const field = await fieldOf(actor, id);
      if (body.name !== undefined && (await nameTaken(actor.id, body.name, id))) throw taken();
      if (body.choices !== undefined && field.type === 'choice' && body.choices.length === 0)
        throw new AppError('validation.failed', {}, { choices: [{ code: 'validation.required' }] });
      const [row] = await db
        .update(contactFields)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.choices !== undefined && field.type === 'choice' ? { choices: body.choices } : {}),
          ...(body.onForm !== undefined ? { onForm: body.onForm } : {}),
        })
        .where(eq(contactFields.id, id))
        .returning();
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(contactFieldValues)
        .where(eq(contactFieldValues.fieldId, id));
      return toField({ ...row!, filled: Number(count?.n ?? 0) });
    },

    /** Deletes a field and its values; refused while a segment's rule names it. */
    async remove(actor: Actor, id: string): Promise<void> {
      await fieldOf(actor, id);
      const [user] = await db
        .select({ name: segments.name })
        .from(segments)
        .where(
          and(
            eq(segments.userId, actor.id),
            sql`jsonb_path_exists(${segments.rule}, '$.groups[*].conditions[*] ? (@.fieldId == $id)', jsonb_build_object('id', ${id}::text))`,
          ),
        )
        .limit(1);
      if (user) throw new AppError('audience.field_in_use', { name: user.name });
      await db.delete(contactFields).where(eq(contactFields.id, id));
    },

    /** The fields an owner asks on their contact forms, in order (the public page shows them). */
    async formFields(ownerId: string): Promise<PublicFormField[]> {
      const fields = await fieldsOf(db, ownerId);
      return fields.filter((f) => f.onForm).map((f) => ({ id: f.id, name: f.name, type: f.type, choices: f.choices }));
    },

    /**
     * A visitor's answers on a contact form, read before anything is stored: only the owner's fields
     * asked there count (another id is 422, as a value that does not fit its field), empty ones are
     * left out. `keep` writes them for the address (the message's transaction: with the consent).
     */
    async fromForm(ownerId: string, answers: Record<string, string>) {
      // Most messages answer no field: nothing to read or keep.
      if (Object.keys(answers).length === 0) return { keep: async () => {} };
      const fields = new Map((await fieldsOf(db, ownerId)).filter((f) => f.onForm).map((f) => [f.id, f]));
      const parsed = new Map<string, StoredValue>();
      const errors: Record<string, { code: string }[]> = {};
      for (const [id, raw] of Object.entries(answers)) {
        const field = fields.get(id);
        const value = field ? parseFieldValue(field, raw) : undefined;
        if (value === undefined) errors[`fields.${id}`] = [{ code: 'validation.invalid_value' }];
        else if (value !== null) parsed.set(id, value);
      }
      if (Object.keys(errors).length) throw new AppError('validation.failed', {}, errors);
      return { keep: (tx: Transaction, email: string) => writeFieldValues(tx, email, parsed) };
    },

    async values(actor: Actor, email: string): Promise<PersonFields> {
      const address = email.trim().toLowerCase();
      const rows = await db
        .select({
          fieldId: contactFieldValues.fieldId,
          textValue: contactFieldValues.textValue,
          numberValue: contactFieldValues.numberValue,
          dateValue: contactFieldValues.dateValue,
        })
        .from(contactFieldValues)
        .innerJoin(contactFields, eq(contactFields.id, contactFieldValues.fieldId))
        .where(and(eq(contactFields.userId, actor.id), eq(contactFieldValues.email, address)));
      return { email: address, values: Object.fromEntries(rows.map((r) => [r.fieldId, shown(r)])) };
    },

    /**
     * Sets an address's values (null clears one). The fields must be mine (another's: 404), the address
     * someone I know (a sender of my messages or a contact of my lists; else 404); a value that does
     * not fit its field is 422 naming the field, and nothing is written.
     */
    async setValues(actor: Actor, email: string, values: Record<string, FieldValue>): Promise<PersonFields> {
      const ids = Object.keys(values);
      await requireAccess(actor, 'contact_field', ids);
      const address = email.trim().toLowerCase();
      if (!(await knowsAddress(db, actor.id, address))) throw new AppError('record.not_found');
      const fields = new Map((await fieldsOf(db, actor.id)).map((f) => [f.id, f]));
      const parsed = new Map<string, StoredValue | null>();
      const errors: Record<string, { code: string }[]> = {};
      for (const id of ids) {
        const value = parseFieldValue(fields.get(id)!, values[id]!);
        if (value === undefined) errors[`values.${id}`] = [{ code: 'validation.invalid_value' }];
        else parsed.set(id, value);
      }
      if (Object.keys(errors).length) throw new AppError('validation.failed', {}, errors);
      await writeFieldValues(db, address, parsed);
      return this.values(actor, address);
    },
  };
}

export type ContactFields = ReturnType<typeof createContactFields>;
