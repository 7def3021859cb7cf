import { parse } from 'csv-parse/sync';
/**
 * One CSV cell (RFC 4180), always quoted. Text that a spreadsheet would run as a formula (starting
 * with = + - @, or a tab / carriage return) gets a leading apostrophe; numbers are written as numbers.
 * A phone number in international form (`+34 699 111 222`: a plus, then only digits and spaces) is
 * not a formula and is written as it is, so it shows without an apostrophe.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const phone = /^\+\d[\d ]*$/.test(value);
  const safe = !phone && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One CSV line, CRLF-terminated. */
export const csvRow = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Why a CSV file was refused: not CSV (with the line at fault), more rows than allowed, or no row at all. */
export class CsvReadError extends Error {
  constructor(
    readonly reason: 'invalid' | 'too_many_rows' | 'empty',
    readonly line = 0,
  ) {
    super(`csv ${reason}`);
  }
}

export type CsvRow = { cells: string[]; line: number };

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
 * A CSV file's rows (UTF-8, with or without a BOM; comma or semicolon; quoted fields may hold either and
 * line breaks), each with the line it ends on and its cells trimmed. Blank lines are skipped. Throws
 * CsvReadError for a malformed file, one with more than `maxRows` rows besides a header, or none.
 */
export function readCsv(text: string, maxRows: number): { delimiter: ',' | ';'; rows: CsvRow[] } {
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
    throw new CsvReadError('invalid', typeof (error as { lines?: unknown }).lines === 'number' ? (error as { lines: number }).lines : 0);
  }
  // One header row on top of the maximum is allowed.
  if (records.length > maxRows + 1) throw new CsvReadError('too_many_rows');
  const rows = records
    .map(({ record, info }) => ({ cells: record.map((c) => c.trim()), line: info.lines }))
    .filter((r) => r.cells.some((c) => c !== ''));
  if (rows.length === 0) throw new CsvReadError('empty', 1);
  return { delimiter, rows };
}
