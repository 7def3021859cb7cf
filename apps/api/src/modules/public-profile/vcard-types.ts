/**
 * Phones and e-mails carry a free-text label ("Mobile", "Oficina", "携帯"…). Address books know a
 * few kinds (vCard 3.0 TYPE values, RFC 2426 §3.3): the label's words pick them, in any of our
 * languages. A label that names none of them is kept as a custom label instead.
 */
const WORDS: Record<'CELL' | 'WORK' | 'HOME' | 'FAX', RegExp> = {
  CELL: /\b(mobile?|cell(ular)?|m[oó]vil|celular|whats ?app|iphone)\b|携帯|ケータイ|スマホ|モバイル/iu,
  WORK: /\b(work|office|business|job|trabajo|oficina|empresa|laboral)\b|仕事|会社|職場|オフィス|勤務/iu,
  HOME: /\b(home|personal|private|casa|hogar|particular)\b|自宅|家|個人|プライベート/iu,
  FAX: /\bfax\b|ファックス|ファクス/iu,
};

function kinds(label: string) {
  return (Object.keys(WORDS) as (keyof typeof WORDS)[]).filter((kind) => WORDS[kind].test(label));
}

/** TEL's TYPE values for a phone label, and whether the label says more than them (then it is kept as X-ABLabel). */
export function phoneTypes(label: string): { types: string[]; custom: boolean } {
  const found = kinds(label);
  const types: string[] = [...found];
  // A number that is neither a mobile nor a fax is a voice line (what address books show as "phone").
  if (!found.includes('CELL') && !found.includes('FAX')) types.push('VOICE');
  return { types, custom: found.length === 0 && label.trim() !== '' };
}

/** EMAIL's TYPE values (always INTERNET, RFC 2426 §3.3.2) for an e-mail label. */
export function emailTypes(label: string): { types: string[]; custom: boolean } {
  const found = kinds(label).filter((kind) => kind === 'WORK' || kind === 'HOME');
  return { types: ['INTERNET', ...found], custom: found.length === 0 && label.trim() !== '' };
}

/** X-SOCIALPROFILE's TYPE for a network (the service names iOS and macOS Contacts use); none for "other". */
export function socialType(network: string): string | null {
  if (network === 'other') return null;
  return network === 'x' ? 'twitter' : network;
}

/** PHOTO's TYPE for an image's media type (JPEG, PNG, GIF, WEBP). */
export function photoType(mimeType: string): string {
  return (mimeType.split('/')[1] ?? 'jpeg').replace(/^jpg$/, 'jpeg').toUpperCase();
}
