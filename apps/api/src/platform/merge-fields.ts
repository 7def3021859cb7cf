import { MERGE_FIELDS, type MergeField, type MergeValues } from '@enlaza/contracts';
import { escapeHtml } from '../lib/html.js';

/** `{{ name }}`: letters, digits and underscores inside double braces. */
const FIELD = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
const KNOWN = new Set<string>(MERGE_FIELDS);

/** The distinct field names a text uses, known or not, in order of first use. */
export function usedMergeFields(text: string): string[] {
  return [...new Set([...text.matchAll(FIELD)].map((m) => m[1]!))];
}

/** The names a text uses that are not merge fields (empty when the text is valid). */
export function unknownMergeFields(text: string): string[] {
  return usedMergeFields(text).filter((name) => !KNOWN.has(name));
}

/**
 * Replaces every merge field with its value. `html` escapes the values (a visitor's name cannot
 * inject markup into the email); `text` leaves them as they are (subjects, plain-text parts).
 * Logic-less: one pass, values are never re-scanned, so a value containing `{{…}}` stays literal.
 * An unknown field (only possible in text saved before validation) renders as nothing.
 */
export function renderMergeFields(text: string, values: MergeValues, mode: 'html' | 'text'): string {
  return text.replace(FIELD, (_match, name: string) => {
    if (!KNOWN.has(name)) return '';
    const value = values[name as MergeField];
    return mode === 'html' ? escapeHtml(value) : value;
  });
}
