import { mergeFieldOf, type MergeValues } from '@enlaza/contracts';
import { escapeHtml } from '../lib/html.js';

/** `{{ name }}`: letters, digits and underscores inside double braces. */
const FIELD = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The distinct field names a text uses, known or not, in order of first use. */
export function usedMergeFields(text: string): string[] {
  return [...new Set([...text.matchAll(FIELD)].map((m) => m[1]!))];
}

/** The names a text uses that are not merge fields (empty when the text is valid). */
export function unknownMergeFields(text: string): string[] {
  return usedMergeFields(text).filter((name) => !mergeFieldOf(name));
}

/**
 * Replaces every merge field (by any of its names: `{{nombre}}`, `{{name}}`) with its value. `html` escapes the values (a visitor's name cannot
 * inject markup into the email); `text` leaves them as they are (subjects, plain-text parts).
 * Logic-less: one pass, values are never re-scanned, so a value containing `{{…}}` stays literal.
 * An unknown field (only possible in text saved before validation) renders as nothing.
 */
export function renderMergeFields(text: string, values: MergeValues, mode: 'html' | 'text'): string {
  return text.replace(FIELD, (_match, name: string) => {
    const field = mergeFieldOf(name);
    if (!field) return '';
    const value = values[field];
    return mode === 'html' ? escapeHtml(value) : value;
  });
}
