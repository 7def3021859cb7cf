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
