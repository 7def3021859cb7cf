import { CONTACT_IMPORT_MAX_ROWS, type ContactImportPreview } from '@enlaza/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { CsvReadError, readCsv, type CsvRow } from '../../lib/csv.js';

export type { CsvRow };
export type ParsedCsv = { delimiter: ',' | ';'; rows: CsvRow[] };

const emailSchema = z.email();
export const isEmail = (value: string) => value.length <= 254 && emailSchema.safeParse(value).success;

/**
 * The file's rows (lib/csv.ts `readCsv`). A malformed file or one with more than
 * `CONTACT_IMPORT_MAX_ROWS` data rows is refused with the line at fault.
 */
export function parseCsv(text: string): ParsedCsv {
  try {
    return readCsv(text, CONTACT_IMPORT_MAX_ROWS);
  } catch (error) {
    if (!(error instanceof CsvReadError)) throw error;
    if (error.reason === 'too_many_rows') throw new AppError('audience.too_many_rows', { max: CONTACT_IMPORT_MAX_ROWS });
    const line = error.line;
    const code = error.reason === 'empty' ? 'validation.csv_empty' : 'validation.csv_invalid';
    throw new AppError('audience.csv_invalid', { line }, { csv: [{ code, ...(error.reason === 'empty' ? {} : { params: { line } }) }] });
  }
}

const EMAIL_HEADER = /^(e-?mail|correo|mail|メール|email address|correo electr[oó]nico)/i;
const NAME_HEADER = /^(name|nombre|full name|nombre completo|名前|氏名)/i;

/** The first rows and guesses for the mapping screen. */
export function previewCsv(text: string): ContactImportPreview {
  const { delimiter, rows } = parseCsv(text);
  const first = rows[0]!.cells;
  const headerGuess = !first.some(isEmail);
  const columns = Math.max(...rows.slice(0, 50).map((r) => r.cells.length));
  const sample = rows.slice(headerGuess ? 1 : 0, 20);
  let emailColumn: number | null = headerGuess ? first.findIndex((c) => EMAIL_HEADER.test(c)) : -1;
  if (emailColumn === -1) {
    const hits = Array.from({ length: columns }, (_, i) => sample.filter((r) => isEmail(r.cells[i] ?? '')).length);
    const best = hits.indexOf(Math.max(...hits));
    emailColumn = hits[best]! > 0 ? best : null;
  }
  let nameColumn: number | null = headerGuess ? first.findIndex((c) => NAME_HEADER.test(c)) : -1;
  if (nameColumn === -1 || nameColumn === emailColumn) nameColumn = null;
  return {
    delimiter,
    rows: rows.slice(0, 6).map((r) => r.cells),
    columns,
    totalRows: rows.length - (headerGuess ? 1 : 0),
    headerGuess,
    emailColumn,
    nameColumn,
  };
}
