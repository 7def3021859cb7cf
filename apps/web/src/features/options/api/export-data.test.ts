import { describe, expect, it } from 'vitest';
import { fileNameOf } from './export-data';

describe('fileNameOf', () => {
  it('reads the file name of a Content-Disposition header', () => {
    expect(fileNameOf('attachment; filename="enlaza-export-2026-03-01.json"', 'x.json')).toBe('enlaza-export-2026-03-01.json');
    expect(fileNameOf("attachment; filename*=UTF-8''datos%20m%C3%ADos.json", 'x.json')).toBe('datos míos.json');
  });
  it('falls back when there is none', () => {
    expect(fileNameOf(null, 'x.json')).toBe('x.json');
  });
});
