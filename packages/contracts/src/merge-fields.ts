import { z } from 'zod';
import type { Locale } from './common.js';

/**
 * The merge fields an email template may use, written `{{nombre}}` or `{{name}}` (spaces inside the
 * braces are allowed). Nothing else is interpreted: no code, no filters, no loops. An unknown field
 * is refused when the template is saved (`template.unknown_field`). The fields are named here by
 * their first (Spanish) names; `MERGE_FIELD_NAMES` gives each its name in each language.
 */
export const MERGE_FIELDS = ['nombre', 'email', 'perfil_url', 'baja_url'] as const;
export const mergeFieldSchema = z.enum(MERGE_FIELDS);
export type MergeField = z.infer<typeof mergeFieldSchema>;
export type MergeValues = Record<MergeField, string>;

/**
 * Each field's name in each language: what the editors' menus insert for a user of that language.
 * Every name works in every template, whatever its author's language (the Spanish names of the
 * inherited product keep working). Japanese uses the English names: ASCII names survive every mail
 * client and editor, and Japanese mail tools name their fields in English too.
 */
const ENGLISH: Record<MergeField, string> = { nombre: 'name', email: 'email', perfil_url: 'profile_url', baja_url: 'unsubscribe_url' };
export const MERGE_FIELD_NAMES: Record<Locale, Record<MergeField, string>> = {
  en: ENGLISH,
  es: { nombre: 'nombre', email: 'email', perfil_url: 'perfil_url', baja_url: 'baja_url' },
  jp: ENGLISH,
};

const BY_NAME = new Map<string, MergeField>(
  Object.values(MERGE_FIELD_NAMES).flatMap((names) => Object.entries(names).map(([field, name]) => [name, field as MergeField])),
);

/** The field a name stands for (any language's), or undefined when it is none. */
export const mergeFieldOf = (name: string): MergeField | undefined => BY_NAME.get(name);

/** Every accepted name of a field (`baja_url` → `baja_url`, `unsubscribe_url`). */
export const namesOfMergeField = (field: MergeField): string[] => [...BY_NAME].filter(([, f]) => f === field).map(([name]) => name);
