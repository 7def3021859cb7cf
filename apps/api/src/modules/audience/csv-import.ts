import { CONTACT_IMPORT_MAX_ROWS, type ContactImportPreview } from '@enlaza/contracts';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';

export type CsvRow = { cells: string[]; line: number };
export type ParsedCsv = { delimiter: ',' | ';'; rows: CsvRow[] };

const emailSchema = z.email();
export const isEmail = (value: string) => value.length <= 254 && emailSchema.safeParse(value).success;

/** Comma or semicolon: whichever the first line has more of outside quotes (a spreadsheet in a comma-decimal locale writes semicolons). */
function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '\n') break;
    else if (!quoted && ch === ',') commas += 1;
    else if (!quoted && ch === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * The file's rows (UTF-8, with or without a BOM; comma or semicolon; quoted fields may hold either and
 * line breaks), each with the line it ends on. Blank lines are skipped. A malformed file or one with more
 * than `CONTACT_IMPORT_MAX_ROWS` data rows is refused with the line at fault.
 */
export function parseCsv(text: string): ParsedCsv {
  const body = text.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(body);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(body, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
      trim: false,
      max_record_size: 64 * 1024,
    }) as unknown as typeof records;
  } catch (error) {
    const line = typeof (error as { lines?: unknown }).lines === 'number' ? (error as { lines: number }).lines : 0;
    throw new AppError('audience.csv_invalid', { line }, { csv: [{ code: 'validation.csv_invalid', params: { line } }] });
  }
  // One header row on top of the maximum is allowed.
  if (records.length > CONTACT_IMPORT_MAX_ROWS + 1) throw new AppError('audience.too_many_rows', { max: CONTACT_IMPORT_MAX_ROWS });
  const rows = records
    .map(({ record, info }) => ({ cells: record.map((c) => c.trim()), line: info.lines }))
    .filter((r) => r.cells.some((c) => c !== ''));
  if (rows.length === 0) throw new AppError('audience.csv_invalid', { line: 1 }, { csv: [{ code: 'validation.csv_empty' }] });
  return { delimiter, rows };
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
