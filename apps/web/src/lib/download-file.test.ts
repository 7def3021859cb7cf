import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-file';

describe('fileNameOf', () => {
  it('reads the file name of a Content-Disposition header', () => {
    expect(fileNameOf('attachment; filename="enlaza-export-2026-03-01.json"', 'x.json')).toBe('enlaza-export-2026-03-01.json');
    expect(fileNameOf("attachment; filename*=UTF-8''datos%20m%C3%ADos.json", 'x.json')).toBe('datos míos.json');
  });
  it('falls back when there is none', () => {
    expect(fileNameOf(null, 'x.json')).toBe('x.json');
    expect(fileNameOf('attachment', 'x.json')).toBe('x.json');
  });
  it('keeps a plain name that is not percent-encoded', () => {
    expect(fileNameOf('attachment; filename="enlaza-messages-2026-03-01.csv"', 'x.csv')).toBe('enlaza-messages-2026-03-01.csv');
    expect(fileNameOf('attachment; filename="100%.csv"', 'x.csv')).toBe('100%.csv');
  });
});
