import type { FileKind } from '@enlaza/contracts';

export type DetectedType = { mimeType: string; kind: FileKind; extension: string; width: number | null; height: number | null };

const startsWith = (buf: Buffer, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (buf: Buffer, offset: number, length: number) => buf.subarray(offset, offset + length).toString('latin1');

const image = (mimeType: string, extension: string, size: { width: number; height: number } | null): DetectedType => ({
  mimeType,
  kind: 'image',
  extension,
  width: size?.width ?? null,
  height: size?.height ?? null,
});
const doc = (mimeType: string, extension: string, kind: FileKind = 'document'): DetectedType => ({
  mimeType,
  kind,
  extension,
  width: null,
  height: null,
});

function jpegSize(buf: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < buf.length) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    const length = buf.readUInt16BE(i + 2);
    // SOF0…SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  return null;
}

function webpSize(buf: Buffer): { width: number; height: number } | null {
  const chunk = ascii(buf, 12, 4);
  if (chunk === 'VP8X' && buf.length >= 30) return { width: 1 + buf.readUIntLE(24, 3), height: 1 + buf.readUIntLE(27, 3) };
  if (chunk === 'VP8 ' && buf.length >= 30) return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && buf.length >= 25) {
    const bits = buf.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return null;
}

/** Names of the entries of a ZIP archive found in its local headers (start) and central directory (end). */
function zipEntryNames(head: Buffer, tail: Buffer): Set<string> {
  const names = new Set<string>();
  const scan = (buf: Buffer, signature: number, nameLengthAt: number, nameAt: number) => {
    for (let i = buf.indexOf('PK'); i >= 0 && i + nameAt < buf.length; i = buf.indexOf('PK', i + 2)) {
      if (buf.readUInt32LE(i) !== signature) continue;
      const length = buf.readUInt16LE(i + nameLengthAt);
      names.add(buf.subarray(i + nameAt, i + nameAt + length).toString('utf8'));
    }
  };
  scan(head, 0x04034b50, 26, 30);
  scan(tail, 0x02014b50, 28, 46);
  return names;
}

const ODF: Record<string, [string, string]> = {
  'application/vnd.oasis.opendocument.text': ['odt', 'document'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods', 'document'],
  'application/vnd.oasis.opendocument.presentation': ['odp', 'document'],
};

function zipDocument(head: Buffer, tail: Buffer): DetectedType | null {
  // ODF: the first entry is an uncompressed "mimetype" file holding the type.
  if (ascii(head, 30, 8) === 'mimetype') {
    const type = ascii(head, 38, 60).match(/^application\/vnd\.oasis\.opendocument\.(text|spreadsheet|presentation)/)?.[0];
    const known = type ? ODF[type] : undefined;
    if (type && known) return doc(type, known[0]);
  }
  const names = zipEntryNames(head, tail);
  if (!names.has('[Content_Types].xml')) return null;
  const has = (prefix: string) => [...names].some((n) => n.startsWith(prefix));
  if (has('word/')) return doc('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx');
  if (has('xl/')) return doc('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx');
  if (has('ppt/')) return doc('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx');
  return null;
}

/** Legacy Office files are OLE compound files; their directory names the stream that says which one. */
function compoundDocument(head: Buffer, tail: Buffer): DetectedType | null {
  const both = Buffer.concat([head, tail]);
  const has = (name: string) => both.includes(Buffer.from(name, 'utf16le'));
  if (has('WordDocument')) return doc('application/msword', 'doc');
  if (has('Workbook') || has('Book\u0000')) return doc('application/vnd.ms-excel', 'xls');
  if (has('PowerPoint Document')) return doc('application/vnd.ms-powerpoint', 'ppt');
  return null; // other compound files (installers, Outlook items…) are not accepted
}

/**
 * The type of a file from its bytes (`head`: the first bytes, `tail`: the last ones), or null when
 * it is not one the cloud accepts: JPEG, PNG, GIF, WebP, PDF, Office (OOXML and legacy) and
 * OpenDocument. SVG is refused: it is a document that can run scripts.
 */
export function detectFileType(head: Buffer, tail: Buffer): DetectedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return image('image/jpeg', 'jpg', jpegSize(head));
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && ascii(head, 12, 4) === 'IHDR')
    return image('image/png', 'png', { width: head.readUInt32BE(16), height: head.readUInt32BE(20) });
  if (/^GIF8[79]a$/.test(ascii(head, 0, 6)) && head.length >= 10)
    return image('image/gif', 'gif', { width: head.readUInt16LE(6), height: head.readUInt16LE(8) });
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return image('image/webp', 'webp', webpSize(head));
  if (ascii(head, 0, 5) === '%PDF-') return doc('application/pdf', 'pdf', 'pdf');
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return zipDocument(head, tail);
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return compoundDocument(head, tail);
  return null;
}

/** The kind the cloud shows for a stored MIME type. */
export function kindOf(mimeType: string): FileKind {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType === 'application/pdf') return 'pdf';
  return 'document';
}

/** SQL-side filter: the MIME types of a kind. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** The extensions a name may end with for each accepted type; the first one is appended when missing. */
const EXTENSIONS: Record<string, string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/msword': ['doc'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
};

/** What looks like a file extension (`.html`, `.exe`, `.mp4`), as opposed to a version or a date (`.2024`). */
const EXTENSION_LIKE = /\.([a-z][a-z0-9]{0,9})$/i;

/**
 * A file name whose extension is the one of the type found in its bytes: a right one is kept
 * (`Photo.JPEG`), a wrong one replaced (`page.html` → `page.pdf`), a missing one appended; the
 * result stays within `maxLength`. An operating system opens a download by its extension, so the
 * name never claims to be something the bytes are not.
 */
export function nameForType(name: string, mimeType: string, maxLength = 200): string {
  const allowed = EXTENSIONS[mimeType];
  if (!allowed) return name.slice(0, maxLength);
  const current = EXTENSION_LIKE.exec(name);
  if (current && allowed.includes(current[1]!.toLowerCase()))
    return name.length <= maxLength ? name : name.slice(0, current.index).slice(0, maxLength - current[0].length) + current[0];
  const base = (current ? name.slice(0, -current[0].length) : name).replace(/[.\s]+$/, '') || 'file';
  const extension = `.${allowed[0]}`;
  return base.slice(0, maxLength - extension.length) + extension;
}
