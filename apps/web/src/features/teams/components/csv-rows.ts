import { emailSchema } from '@enlaza/contracts';

/** One person of an invitations CSV, as the preview shows it before anything is sent. */
export interface CsvPerson {
  /** The file's line (1 is the first line, the header when there is one), as the server numbers it. */
  line: number;
  name: string;
  email: string;
  jobTitle: string;
  phone: string;
  /** What the server will refuse for sure: no name, or not an email address. */
  problem: 'name' | 'email' | null;
}

/** The cells of each non-empty record, with the line it starts on; `"` quotes, `""` inside them. */
function records(text: string, delimiter: string): { line: number; cells: string[] }[] {
  const out: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) out.push({ line: start, cells: cells.map((c) => c.trim()) });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n') {
      endRecord();
      line += 1;
      start = line;
    } else if (char !== '\r') cell += char;
  }
  endRecord();
  return out;
}

const HEADERS = {
  name: /^(name|full name|nombre|nombre completo|名前|氏名)$/i,
  email: /^(e-?mail|email address|correo|correo electr[oó]nico|mail|メール|メールアドレス)$/i,
  jobTitle: /^(job title|title|position|role|cargo|puesto|役職)$/i,
  phone: /^(phone|telephone|mobile|tel[eé]fono|m[oó]vil|電話|電話番号)$/i,
};
type Column = keyof typeof HEADERS;
const FIXED: Record<Column, number> = { name: 0, email: 1, jobTitle: 2, phone: 3 };

const isEmail = (value: string) => emailSchema.safeParse(value).success;

/**
 * The people of a CSV of `name, email, job title, phone` (`,` or `;` separated; a header row, in any
 * order and in en, es or jp, is recognised and skipped), as the server reads it: a preview only, the
 * server's answer per row decides.
 */
export function readPeople(text: string): CsvPerson[] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split('\n', 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows = records(body, delimiter);
  const first = rows[0]?.cells ?? [];
  const header = first.length > 0 && !first.some(isEmail);
  let index = FIXED;
  if (header) {
    const found = Object.fromEntries(
      (Object.keys(HEADERS) as Column[]).map((key) => [key, first.findIndex((cell) => HEADERS[key].test(cell))]),
    ) as Record<Column, number>;
    if (found.name >= 0 && found.email >= 0) index = found;
  }
  return rows.slice(header ? 1 : 0).map(({ line, cells }) => {
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '') : '');
    const person = {
      line,
      name: cell(index.name),
      email: cell(index.email).toLowerCase(),
      jobTitle: cell(index.jobTitle),
      phone: cell(index.phone),
    };
    return { ...person, problem: !person.name ? 'name' : !isEmail(person.email) ? 'email' : null };
  });
}
