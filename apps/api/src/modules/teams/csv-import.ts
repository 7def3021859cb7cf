import { emailSchema, phoneSchema, TEAM_IMPORT_MAX_ROWS } from '@enlaza/contracts';
import { CsvReadError, readCsv } from '../../lib/csv.js';
import { AppError } from '../../lib/errors.js';

/** A row to invite, or one refused with the code of its reason. */
export type ImportRow = {
  line: number;
  name: string;
  email: string;
  jobTitle: string | null;
  phone: string | null;
  refused: string | null;
};

const HEADERS: Record<'name' | 'email' | 'jobTitle' | 'phone', RegExp> = {
  name: /^(name|full name|nombre|nombre completo|名前|氏名)$/i,
  email: /^(e-?mail|email address|correo|correo electr[oó]nico|mail|メール|メールアドレス)$/i,
  jobTitle: /^(job title|title|position|role|cargo|puesto|役職)$/i,
  phone: /^(phone|telephone|mobile|tel[eé]fono|m[oó]vil|電話|電話番号)$/i,
};

const isEmail = (value: string) => emailSchema.safeParse(value).success;

/** The columns of `name, email, job title, phone`: from a header row when there is one (any order, en/es/jp names), else in that order. */
function columnsOf(first: string[]): { header: boolean; index: Record<keyof typeof HEADERS, number> } {
  const fixed = { name: 0, email: 1, jobTitle: 2, phone: 3 };
  if (first.some(isEmail)) return { header: false, index: fixed };
  const found = Object.fromEntries(
    Object.entries(HEADERS).map(([key, pattern]) => [key, first.findIndex((cell) => pattern.test(cell.trim()))]),
  ) as Record<keyof typeof HEADERS, number>;
  return { header: true, index: found.name >= 0 && found.email >= 0 ? found : fixed };
}

/** An international number typed with spaces, dashes, dots or brackets, as the API stores it (`+34612345678`). */
const compactPhone = (value: string) => value.replace(/[\s().-]/g, '');

/**
 * The rows of a CSV of invitations, each checked alone: a missing name, a bad address or phone, or an
 * address already met earlier in the file refuses that row only. The file itself is refused (422) when
 * it is not CSV or holds more than TEAM_IMPORT_MAX_ROWS rows.
 */
export function readInvitationCsv(text: string): ImportRow[] {
  let rows;
  try {
    rows = readCsv(text, TEAM_IMPORT_MAX_ROWS).rows;
  } catch (error) {
    if (!(error instanceof CsvReadError)) throw error;
    if (error.reason === 'too_many_rows') throw new AppError('team.csv_too_many_rows', { max: TEAM_IMPORT_MAX_ROWS });
    throw new AppError(
      'team.csv_invalid',
      { line: error.line },
      { csv: [{ code: 'validation.csv_invalid', params: { line: error.line } }] },
    );
  }
  const { header, index } = columnsOf(rows[0]!.cells);
  const seen = new Set<string>();
  return rows.slice(header ? 1 : 0).map(({ cells, line }) => {
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
    const email = cell(index.email).toLowerCase();
    const phone = cell(index.phone) ? compactPhone(cell(index.phone)) : null;
    const row = { line, name: cell(index.name).slice(0, 120), email, jobTitle: cell(index.jobTitle).slice(0, 120) || null, phone };
    const refused = !row.name
      ? 'validation.required'
      : !isEmail(email)
        ? 'validation.invalid_email'
        : phone && !phoneSchema.safeParse(phone).success
          ? 'validation.invalid_phone'
          : seen.has(email)
            ? 'team.csv_duplicate'
            : null;
    seen.add(email);
    return { ...row, refused };
  });
}
